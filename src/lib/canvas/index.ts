/** The canvas: widget records, the store, persistence, export/import and share links. */
export type { WidgetRecord, Provenance, WidgetStyle } from './types';
