/**
 * Checking records that come from outside the running store: saved state, imported files
 * and share links. Each record is shape-checked, its style re-sanitised and its params
 * re-validated against the widget's schema; bad records are reported, good ones kept.
 */
import { checkParamValue, isParamName, isPlainObject, widgetId, type ParamValue, type WidgetId } from '$lib/shared';
import type { WidgetValidator } from '$lib/webmcp';
import { sanitizeStyle } from '$lib/webmcp/sanitize/style';
import type { Provenance, WidgetRecord, WidgetSource } from './types';

/** Bounds every record is clamped to, in canvas pixels. */
export const recordLimits = { coordinate: 100_000, minSize: 40, maxSize: 10_000 } as const;

/** Clamps a number into [min, max] and rounds it. */
export function clampRound(value: number, min: number, max: number): number {
	return Math.round(Math.min(max, Math.max(min, value)));
}

const idPattern = /^w_[0-9a-z]{1,32}$/;

function finite(value: unknown): value is number {
	return typeof value === 'number' && Number.isFinite(value);
}

function readProvenance(value: unknown): Provenance {
	const input = isPlainObject(value) ? value : {};
	const dataFrom = Array.isArray(input.dataFrom)
		? input.dataFrom.filter((item): item is string => typeof item === 'string').slice(0, 100)
		: [];
	const source =
		input.source === 'agent' || input.source === 'user' || input.source === 'import' ? input.source : 'import';
	return {
		...(typeof input.displayedBy === 'string' ? { displayedBy: input.displayedBy.slice(0, 200) } : {}),
		dataFrom,
		source
	};
}

/** The outcome of reading a list of outside records. */
export interface RecordsReading {
	records: WidgetRecord[];
	problems: string[];
}

/**
 * A saved or shared widget source, read defensively (anything odd drops the source, not the
 * widget). `held` and `paused` are kept: dropping them would run a held source on reload.
 */
function readSource(value: unknown): { source?: WidgetSource } {
	if (!isPlainObject(value) || typeof value.tool !== 'string' || !value.tool || value.tool.length > 200) return {};
	if (!isPlainObject(value.args) || !isPlainObject(value.params)) return {};
	const seconds =
		typeof value.refreshSeconds === 'number' && Number.isFinite(value.refreshSeconds) && value.refreshSeconds >= 5
			? Math.min(Math.round(value.refreshSeconds), 86_400)
			: undefined;
	return {
		source: {
			tool: value.tool,
			args: value.args,
			params: value.params,
			...(seconds ? { refreshSeconds: seconds } : {}),
			...(finite(value.fetchedAt) ? { fetchedAt: value.fetchedAt } : {}),
			...(typeof value.error === 'string' ? { error: value.error.slice(0, 500) } : {}),
			...(value.rowsLeftOut === true ? { rowsLeftOut: true } : {}),
			// A hold or a paused timer survives a reload, an export and a conversation switch:
			// only the user's "Allow live data" (or ↻ on the frame) lifts it.
			...(value.held === true ? { held: true } : {}),
			...(value.paused === true ? { paused: true } : {}),
			...readParamValues(value.paramValues)
		}
	};
}

/** The parameter values a saved source was fetched with (bad entries dropped: the source then runs again). */
function readParamValues(value: unknown): { paramValues?: Record<string, ParamValue> } {
	if (!isPlainObject(value)) return {};
	const out: Record<string, ParamValue> = {};
	for (const [name, item] of Object.entries(value).slice(0, 100)) {
		const checked = checkParamValue(item);
		if (isParamName(name) && checked.ok) out[name] = checked.value;
	}
	return { paramValues: out };
}

/**
 * Reads untrusted records: keeps the valid ones (sanitised, ids de-duplicated) and
 * describes each rejected one.
 */
export function readRecords(input: unknown, validator: WidgetValidator): RecordsReading {
	const records: WidgetRecord[] = [];
	const problems: string[] = [];
	if (!Array.isArray(input)) return { records, problems: ['widgets must be a list'] };
	const ids = new Set<string>();
	for (const [index, item] of input.entries()) {
		const label = `widget ${index + 1}${isPlainObject(item) && typeof item.id === 'string' ? ` (${item.id.slice(0, 40)})` : ''}`;
		if (!isPlainObject(item)) {
			problems.push(`${label}: not an object`);
			continue;
		}
		if (typeof item.type !== 'string') {
			problems.push(`${label}: missing type`);
			continue;
		}
		if (![item.x, item.y, item.w, item.h].every(finite)) {
			problems.push(`${label} (${item.type}): x, y, w and h must be numbers`);
			continue;
		}
		const checked = validator.check(item.type, item.params);
		if (!checked.ok) {
			const details = checked.details.map((detail) => `${detail.path} ${detail.message}`).join('; ');
			problems.push(`${label} (${item.type}): ${checked.error}${details ? ` — ${details}` : ''}`);
			continue;
		}
		const style = item.style === undefined ? { ok: true as const, value: {} } : sanitizeStyle(item.style);
		if (!style.ok) {
			problems.push(`${label} (${item.type}): ${style.error}`);
			continue;
		}
		let id = typeof item.id === 'string' && idPattern.test(item.id) ? item.id : widgetId();
		while (ids.has(id)) id = widgetId();
		ids.add(id);
		const { coordinate, minSize, maxSize } = recordLimits;
		records.push({
			id: id as WidgetId,
			type: item.type,
			params: checked.value,
			...(typeof item.title === 'string' ? { title: item.title.slice(0, 200) } : {}),
			x: clampRound(item.x as number, -coordinate, coordinate),
			y: clampRound(item.y as number, -coordinate, coordinate),
			w: clampRound(item.w as number, minSize, maxSize),
			h: clampRound(item.h as number, minSize, maxSize),
			z: finite(item.z) ? Math.round(item.z) : index,
			style: style.value,
			provenance: readProvenance(item.provenance),
			createdAt: finite(item.createdAt) ? item.createdAt : Date.now(),
			...(item.collapsed === true ? { collapsed: true } : {}),
			...readSource(item.source),
			...(typeof item.turn === 'string' && item.turn ? { turn: item.turn.slice(0, 100) } : {}),
			...(item.userSized === true ? { userSized: true as const } : {}),
			...(item.userPlaced === true ? { userPlaced: true as const } : {}),
			...(item.hidden === true ? { hidden: true as const } : {})
		});
	}
	return { records, problems };
}
