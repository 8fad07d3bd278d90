/** The canvas: widget records, the store, persistence, export/import, share links and views. */
export type { WidgetRecord, Provenance, WidgetStyle } from './types';
export { CanvasStore, fallbackSize } from './canvas-store.svelte';
export type {
	CanvasStoreOptions,
	CanvasNotice,
	NoticeAction,
	NoticeOptions,
	AddOptions,
	ChangeSource
} from './canvas-store.svelte';
export { createCanvasCallbacks, widgetTitle } from './callbacks';
export { createCanvasSession } from './canvas-session';
export type { CanvasSession, CanvasSessionOptions } from './canvas-session';
export { createCanvasPersistence, canvasStorageKey } from './persistence';
export type { CanvasPersistence, CanvasPersistenceOptions, RestoreOutcome } from './persistence';
export {
	createCanvasDocument,
	readCanvasDocument,
	parseCanvasDocument,
	shareableServerUrl,
	canvasFormat,
	canvasVersion
} from './canvas-document';
export type { CanvasDocument, CanvasReading } from './canvas-document';
export {
	buildShareLink,
	readShareLink,
	encodeShareValue,
	decodeShareValue,
	hasShareValue,
	withoutShareValue,
	shareParameter,
	maxShareLinkLength
} from './share-link';
export type { ShareLinkOptions } from './share-link';
export { applyImport, offerPreviousCanvas, offerSharedCanvas, previousCanvasKey } from './incoming';
export type { SharedCanvasOptions } from './incoming';
export { placeWidget, boundingBox, snap, gridSize } from './placement';
export type { Rect } from './placement';
export { default as CanvasView } from './components/CanvasView.svelte';
