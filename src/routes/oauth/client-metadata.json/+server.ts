/**
 * This app's OAuth Client ID Metadata Document. When the app is served over https, its URL
 * is the client id the app offers to authorization servers that support such documents; the
 * server fetches it to learn the app's name and callback.
 */
import { json } from '@sveltejs/kit';
import { clientMetadataFor, oauthCallbackPath } from '$lib/mcp';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ url }) =>
	json(
		{ client_id: url.origin + url.pathname, ...clientMetadataFor(url.origin + oauthCallbackPath) },
		{ headers: { 'cache-control': 'public, max-age=3600' } }
	);
