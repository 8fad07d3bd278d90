/** Tells the browser which server-side LLM keys exist (never the keys themselves). */
import { json } from '@sveltejs/kit';
import { env } from '$env/dynamic/private';
import { publicLlmConfig, readLlmProxyConfig } from '$lib/server/llm-proxy';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = () =>
	json(publicLlmConfig(readLlmProxyConfig(env)), { headers: { 'cache-control': 'no-store' } });
