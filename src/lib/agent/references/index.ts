/** Data by reference: `{"$ref": "<result id>#<pointer>"}` in display params (see resolve.ts). */
export {
	followPointer,
	hasReferences,
	isReference,
	referenceLimits,
	resolveReferences,
	type ReferenceError,
	type ReferenceSource
} from './resolve';
export { describeShape, referenceHint, resultValue, rowsPointer, storedValue } from './shape';
