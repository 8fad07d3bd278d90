/** Display formatting shared by figure widgets (stat, kpi-grid, gauge, progress). */
import { formatNumber, toNumber } from './values';

/** A headline value: numbers formatted for the locale (compact when large), strings as given. */
export function formatValue(value: unknown): string {
	if (typeof value === 'number') return formatNumber(value, { compact: Math.abs(value) >= 1e7 });
	if (typeof value === 'string') return value;
	return '—';
}

/** A delta with an explicit sign: 4.2 → "+4.2", "-3%" stays "-3%". */
export function formatDelta(delta: unknown): string {
	if (typeof delta === 'string') return delta;
	const number = toNumber(delta);
	if (number === undefined) return '';
	return `${number > 0 ? '+' : number < 0 ? '−' : '±'}${formatNumber(Math.abs(number))}`;
}

/** The trend implied by an explicit trend, or by the sign of the delta. */
export function resolveTrend(trend: unknown, delta: unknown): 'up' | 'down' | 'flat' | undefined {
	if (trend === 'up' || trend === 'down' || trend === 'flat') return trend;
	const number = typeof delta === 'string' ? toNumber(delta.replace('−', '-')) : toNumber(delta);
	if (number === undefined) return undefined;
	return number > 0 ? 'up' : number < 0 ? 'down' : 'flat';
}

/** Arrow and words for a trend, so meaning never rests on colour alone. */
export const trendText = {
	up: { arrow: '▲', words: 'up' },
	down: { arrow: '▼', words: 'down' },
	flat: { arrow: '▶', words: 'unchanged' }
} as const;
