/**
 * Lenient value readers. Models send numbers as strings ("1,234", "12.5%", " 42 "), dates in
 * several formats and occasionally null; widgets read params through these helpers so one
 * harmless variation does not break a render.
 */

/** A finite number from a number or numeric string ("1,234.5", "12%", "€3.2", "1e3"), else undefined. */
export function toNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value !== 'string') return undefined;
	const cleaned = value
		.trim()
		.replace(/^([+-]?)\s*[$€£¥₹]\s*/u, '$1')
		.replace(/[%\s]+$/, '')
		.replace(/(\d),(?=\d{3}\b)/g, '$1')
		.replace(/[\u00a0\u202f\s_']/g, '');
	if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(cleaned)) return undefined;
	const number = Number(cleaned);
	return Number.isFinite(number) ? number : undefined;
}

/** Text for any param value: strings as they are, numbers formatted, objects as compact JSON. */
export function toText(value: unknown): string {
	if (value === null || value === undefined) return '';
	if (typeof value === 'string') return value;
	if (typeof value === 'number') return formatNumber(value);
	if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
	try {
		return JSON.stringify(value);
	} catch {
		return String(value);
	}
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Locale-aware number formatting with a cached formatter; `compact` gives 1.2K, 3.4M. */
export function formatNumber(
	value: number,
	options: { compact?: boolean; digits?: number; locale?: string } = {}
): string {
	if (!Number.isFinite(value)) return String(value);
	const digits = options.digits ?? (Math.abs(value) >= 100 || Number.isInteger(value) ? 0 : 2);
	const key = `${options.locale ?? ''}|${options.compact ? 'c' : 'n'}|${digits}`;
	let formatter = formatters.get(key);
	if (!formatter) {
		formatter = new Intl.NumberFormat(options.locale, {
			notation: options.compact ? 'compact' : 'standard',
			maximumFractionDigits: digits
		});
		formatters.set(key, formatter);
	}
	return formatter.format(value);
}

const dayFirst = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/;

/**
 * A Date from a timestamp (ms, or seconds when small), an ISO string, "2024-03", "2024",
 * "31/12/2024" (day first when unambiguous) or anything Date.parse accepts; else undefined.
 */
export function toDate(value: unknown): Date | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) return undefined;
		return new Date(Math.abs(value) < 1e11 ? value * 1000 : value);
	}
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	if (/^\d{4}$/.test(text)) return new Date(Date.UTC(Number(text), 0, 1));
	if (/^\d{4}-\d{2}$/.test(text)) return new Date(`${text}-01T00:00:00Z`);
	if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return new Date(`${text}T00:00:00Z`);
	const match = dayFirst.exec(text);
	if (match) {
		let [day, month] = [Number(match[1]), Number(match[2])];
		if (month > 12 && day <= 12) [day, month] = [month, day];
		const date = new Date(Date.UTC(Number(match[3]), month - 1, day));
		return Number.isNaN(date.getTime()) ? undefined : date;
	}
	if (/^\d{10,13}$/.test(text)) return toDate(Number(text));
	const parsed = Date.parse(text);
	return Number.isNaN(parsed) ? undefined : new Date(parsed);
}

/** A short human date ("12 Mar 2024"), with the time when it is not midnight UTC. */
export function formatDate(date: Date, locale?: string): string {
	const hasTime = date.getUTCHours() + date.getUTCMinutes() + date.getUTCSeconds() !== 0;
	const key = `${locale ?? ''}|${hasTime}`;
	let formatter = dateFormatters.get(key);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat(locale, {
			year: 'numeric',
			month: 'short',
			day: 'numeric',
			...(hasTime ? { hour: '2-digit', minute: '2-digit' } : {}),
			timeZone: hasTime ? undefined : 'UTC'
		});
		dateFormatters.set(key, formatter);
	}
	return formatter.format(date);
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** An array from a param that should be one; a single object becomes a one-item array. */
export function toArray<T = unknown>(value: unknown): T[] {
	if (Array.isArray(value)) return value as T[];
	if (value === null || value === undefined || value === '') return [];
	return [value as T];
}
