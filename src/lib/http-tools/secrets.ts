/**
 * Secrets of HTTP tool sets (API keys, bearer tokens), kept like MCP headers: in this
 * browser's localStorage only, per set, never in a set's saved form, an export, a share link,
 * a trace or a prompt. Sets added by a link keep theirs in memory for the visit.
 */
import { isPlainObject, tryParseJson } from '$lib/shared';

/** localStorage key of the saved secrets. */
export const secretsKey = 'autoui.http.secrets.v1';

/** Secrets by set id, then by secret name. */
export type SecretValues = Record<string, Record<string, string>>;

/** Reads the saved secrets; unreadable storage gives none. */
export function loadSecrets(storage: Pick<Storage, 'getItem'> | undefined): SecretValues {
	let value: unknown;
	try {
		value = tryParseJson(storage?.getItem(secretsKey) ?? '');
	} catch {
		return {};
	}
	if (!isPlainObject(value)) return {};
	const out: SecretValues = {};
	for (const [id, secrets] of Object.entries(value)) {
		if (!isPlainObject(secrets)) continue;
		out[id] = Object.fromEntries(
			Object.entries(secrets).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
		);
	}
	return out;
}

/** Saves the secrets; false when storage refused. */
export function saveSecrets(storage: Pick<Storage, 'setItem'> | undefined, secrets: SecretValues): boolean {
	try {
		storage?.setItem(secretsKey, JSON.stringify(secrets));
		return true;
	} catch {
		return false;
	}
}
