/** Shapes shared by compiled validators and the code that reads their errors. */

/** One error as Ajv reports it (the fields we read). */
export interface CompiledValidatorError {
	instancePath: string;
	keyword: string;
	params: Record<string, unknown>;
	message?: string;
}

/** An Ajv-compatible validate function: returns validity and leaves errors on `.errors`. */
export type CompiledValidator = ((data: unknown) => boolean) & { errors?: CompiledValidatorError[] | null };

/** One problem with params: a JSON Pointer and a readable message. */
export interface ValidationIssue {
	path: string;
	message: string;
}
