/**
 * Environment every way of starting the built app sets (npm start, the tests' servers): the
 * request body limit of adapter-node, which applies before any route runs (its default,
 * 512 KB, would refuse long chats sent through the server-key proxy with 413). The proxy
 * itself accepts at most 20 MB; BODY_SIZE_LIMIT in the environment overrides this value.
 */
export const defaultBodySizeLimit = '21M';

/**
 * `env` with the app's defaults filled in where unset.
 * @template {Record<string, string | undefined>} T
 * @param {T} env
 * @returns {T & { BODY_SIZE_LIMIT: string }}
 */
export function withServerDefaults(env) {
	return { ...env, BODY_SIZE_LIMIT: env.BODY_SIZE_LIMIT || defaultBodySizeLimit };
}
