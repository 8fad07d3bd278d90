/** Helpers for the canvas' unit tests only. */
import type { WidgetRecord } from './types';

/** A plain record at the origin, 10 × 10, z 1, with `extra` on top. */
export function testRecord(id: string, extra: Partial<WidgetRecord> = {}): WidgetRecord {
	const base = { id, type: 'stat', params: {}, x: 0, y: 0, w: 10, h: 10, z: 1, style: {}, createdAt: 0 };
	return { ...base, provenance: { dataFrom: [], source: 'agent' }, ...extra } as WidgetRecord;
}
