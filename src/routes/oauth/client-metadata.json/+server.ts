/**
 * This app's OAuth Client ID Metadata Document. When the app is served over https, its URL
 * is the client id the app offers to authorization servers that support such documents; the
 * server fetches it to learn the app's name and callback. Both are built from the configured
 * origin (`ORIGIN`, else the request's own when it came under one of the app's names): a
 * request under any other Host gets 404, so no document names someone else's callback.
 */
import { json } from '@sveltejs/kit';
import { env } from '$env/dynamic/private';
import { clientMetadataFor, oauthCallbackPath } from '$lib/mcp';
import { configuredOrigin } from '$lib/server/host-guard';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ url }) => {
	const origin = configuredOrigin(url, env);
	if (!origin)
		return json(
			{ error: "Not found: this app's client metadata is served under its own host names only (see ORIGIN)." },
			{ status: 404, headers: { 'cache-control': 'no-store' } }
		);
	return json(
		{ client_id: origin + url.pathname, ...clientMetadataFor(origin + oauthCallbackPath) },
		{ headers: { 'cache-control': 'public, max-age=3600' } }
	);
};
