/** Shared helpers every module may use: ids, typed errors, safe JSON and waiting/backoff. */
export { randomId, widgetId, stableHash, toolPrefix } from './ids';
export type { Brand, WidgetId } from './ids';
export { AutoUiError, isAbortError, errorMessage } from './errors';
export type { ErrorCode } from './errors';
export { sleep, exponentialBackoff, untilAborted } from './async';
export type { ExponentialBackoff } from './async';
export { safeStringify, tryParseJson, truncateText, isPlainObject } from './json';
export type { JsonSchema } from './json';
export type {
	ToolAnnotations,
	ToolDefinition,
	ContentPart,
	ToolCallResult,
	ToolProgress,
	ToolTaskStatus,
	ToolTaskUpdate,
	CallOptions,
	CallerInfo,
	ToolProtocol,
	ToolServer
} from './tool-server';
export { createDeadline } from './deadline';
export { cancelTask, registerTaskCancel } from './task-controls';
export type { Deadline } from './deadline';
export { browserBlockedPort, blockedPortMessage, transitFailure } from './network-failure';
export type { TransitFailure } from './network-failure';
export { browserStorage } from './browser-storage';
export { httpUrl, parseUrl } from './url';
export { openKeyValueStore } from './idb';
export type { KeyValueStore, KeyValueStoreOptions } from './idb';
export { traceIdFor, spanIdFor, traceparent, callTraceparent } from './trace-context';
export type { SpanSubject } from './trace-context';
export {
	checkParamValue,
	formatParamValue,
	isParamName,
	paramItems,
	paramLimits,
	paramNameError,
	pickParamValue,
	sameParamValue
} from './param-values';
export type { ParamScalar, ParamValue, ParamValueCheck, ParamValues } from './param-values';
