/** Forwards LLM requests with the server's key (see $lib/server/llm-proxy). */
import { env } from '$env/dynamic/private';
import { forwardLlmRequest, readLlmProxyConfig } from '$lib/server/llm-proxy';
import { hostPolicyFromEnv } from '$lib/server/host-guard';
import type { RequestHandler } from './$types';

const forward: RequestHandler = ({ request, params }) =>
	forwardLlmRequest(request, params.provider, params.path, readLlmProxyConfig(env), { hosts: hostPolicyFromEnv(env) });

export const GET = forward;
export const POST = forward;
