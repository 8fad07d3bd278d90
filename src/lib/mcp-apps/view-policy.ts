/**
 * Where a View loads and what its policy refused: the server's identity (its URL, or the AG-UI
 * agent and the server's hash there), the View origin for it (its own subdomain of the
 * sandbox, else the shared sandbox origin; never the app's), and, for a CSP violation, what
 * the widget says and the grant "Allow for this server" would give.
 */
import { grantFor } from './csp.js';
import type { RefusedItem, ViewHostPort, ViewRefusal } from './host-port';
import type { ViewOrigin } from './sandbox-origin';
import type { McpAppVia } from '$lib/widgets/mcp-app/definition';

/** The identity a View's origin and grants belong to. */
export function viewKey(url: string | undefined, via: McpAppVia | undefined, server: string): string {
	return url ?? `agui:${via?.agent ?? ''}#${via?.serverHash ?? server}`;
}

const noSandbox =
	'MCP App views need the sandbox origin, which this server does not provide. Start the app with `npm start` (it serves the sandbox on PORT+1), or set SANDBOX_ORIGIN.';

const sameAsApp = (origin: string) =>
	`This view is not shown: its sandbox (${origin}) has the same origin as the app, so it could reach the app's data. Serve the sandbox from another origin (SANDBOX_ORIGIN).`;

/** The shared sandbox origin is not the app's (else why not, in words). */
export async function checkSharedSandbox(host: ViewHostPort): Promise<string | undefined> {
	const shared = await host.sandboxOrigin();
	return shared && new URL(shared).host === location.host ? sameAsApp(shared) : undefined;
}

/** The origin the Views of `key` load at, or why there is none. */
export async function resolveViewOrigin(host: ViewHostPort, key: string): Promise<ViewOrigin | { error: string }> {
	const view = await host.viewOrigin(key);
	if (!view) return { error: noSandbox };
	return new URL(view.origin).host === location.host ? { error: sameAsApp(view.origin) } : view;
}

/** What a CSP violation does to the View: stop it (with why), and what may be allowed. */
export interface ViolationOutcome {
	stop?: string;
	item?: RefusedItem;
}

/**
 * A request to an undeclared network address stops the View (as before: it could leak data);
 * a refused eval or other grantable load is said on the widget and the View keeps running.
 */
export function violationOutcome(directive: string, blockedUri: string): ViolationOutcome {
	const grant = grantFor(directive, blockedUri);
	const item = grant ? { ...grant, blocked: blockedUri } : undefined;
	const stop = /^(https?|wss?):/.test(blockedUri)
		? `The view tried to reach ${blockedUri}, which its server did not declare (${directive}); it was stopped.`
		: undefined;
	return { ...(stop ? { stop } : {}), ...(item ? { item } : {}) };
}

/** The widget's words for what was refused. */
export function refusalNotice(items: readonly RefusedItem[]): string {
	const what = items.map((item) =>
		item.blocked === 'eval' || item.blocked === 'wasm-eval'
			? `code evaluation (${item.directive})`
			: `${/^[a-z]+$/.test(item.blocked) ? `${item.blocked}: URLs` : item.blocked} (${item.directive})`
	);
	return `The view's policy refused ${what.join(', ')}; parts of it may not work.`;
}

/**
 * Adds a violation to the View's `refused` list: whether it stops the View, and the words and
 * the refusal (every item so far) the widget shows; nothing new to say when it adds nothing.
 */
export function noteRefusal(
	refused: RefusedItem[],
	host: ViewHostPort,
	key: string,
	directive: string,
	blockedUri: string
): { stop?: string; added: boolean; refusal?: ViewRefusal } {
	const { stop, item } = violationOutcome(directive, blockedUri);
	const added = !!item && !refused.some((seen) => seen.directive === item.directive && seen.source === item.source);
	if (added) refused.push(item);
	const refusal = refused.length ? refusalOf(host, key, refused) : undefined;
	return {
		...(stop ? { stop } : {}),
		added,
		...(refusal ? { refusal } : {})
	};
}

/** The refusal the widget offers: every item, granted together for the server `key`. */
export function refusalOf(host: ViewHostPort, key: string, items: readonly RefusedItem[]): ViewRefusal {
	return {
		items: [...items],
		text: refusalNotice(items),
		allow: () => {
			for (const { directive, source } of items) host.grantView(key, { directive, source });
		}
	};
}
