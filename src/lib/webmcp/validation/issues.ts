/**
 * Converts Ajv errors into short `{ path, message }` issues a model can act on: the path
 * points at the offending value (for `required` and unknown properties, at the property
 * itself) and the message says what was expected.
 */
import type { CompiledValidatorError, ValidationIssue } from './types';

const maxIssues = 20;

function pointerSegment(key: string): string {
	return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function issueFor(error: CompiledValidatorError): ValidationIssue {
	const path = error.instancePath || '';
	const params = error.params;
	switch (error.keyword) {
		case 'required':
			return { path: `${path}/${pointerSegment(String(params.missingProperty))}`, message: 'required' };
		case 'additionalProperties':
			return {
				path: `${path}/${pointerSegment(String(params.additionalProperty))}`,
				message: 'is not an allowed property (see the expected schema)'
			};
		case 'enum':
			return {
				path: path || '/',
				message: `must be one of: ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`
			};
		default:
			return { path: path || '/', message: error.message ?? `fails "${error.keyword}"` };
	}
}

/** Readable issues from Ajv errors, de-duplicated and capped at 20. */
export function issuesFromErrors(errors: readonly CompiledValidatorError[] | null | undefined): ValidationIssue[] {
	const seen = new Set<string>();
	const issues: ValidationIssue[] = [];
	for (const error of errors ?? []) {
		const issue = issueFor(error);
		const key = `${issue.path}\u0000${issue.message}`;
		if (seen.has(key)) continue;
		seen.add(key);
		issues.push(issue);
		if (issues.length === maxIssues) break;
	}
	return issues.length ? issues : [{ path: '/', message: 'does not match the schema' }];
}
