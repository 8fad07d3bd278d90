/**
 * A link that would change the chat's agent — `?provider=`, `?baseUrl=`, `?model=` — is an
 * offer, never a switch: the next question would hand the whole conversation and the user's
 * tools to whoever the link names. So the offer waits for the user ("Use the agent at X for
 * this visit?") while the current provider stays; once accepted it applies for the visit (a
 * reload of the same tab keeps it, through sessionStorage), and a different endpoint starts a
 * new conversation so no history reaches a new party. Framework-free, unit-tested in Node.
 */
import { isOnDevice } from '$lib/agent/providers/types';
import { keySlot, type LlmSettings } from './settings-model';
import { resolveBaseUrl } from '$lib/agent/providers/endpoints';

/** What a link offers: the settings it would apply and how the prompt names them. */
export interface AgentLinkOffer {
	settings: LlmSettings;
	/** Who would receive the conversation: a host, or where an on-device model runs. */
	host: string;
	/** The lines the prompt lists: provider, address, model. */
	details: string[];
	/** True when the endpoint (provider and origin) differs from the current one. */
	newEndpoint: boolean;
}

/** Where this tab keeps the link it accepted, so a reload of the same link does not ask again. */
export const acceptedLinkKey = 'autoui.llm.link-accepted.v1';

const providerNames: Record<LlmSettings['provider'], string> = {
	anthropic: 'Anthropic Messages API',
	openai: 'OpenAI-compatible API',
	agui: 'AG-UI agent',
	local: 'model file run in this browser',
	browser: "the browser's built-in model"
};

/** The host a provider's requests go to ("this browser" for on-device models). */
export function agentHost(settings: Pick<LlmSettings, 'provider' | 'baseUrl' | 'model'>): string {
	if (settings.provider === 'local') return 'this browser (a model file)';
	if (settings.provider === 'browser') return "this browser's built-in model";
	try {
		return new URL(resolveBaseUrl({ provider: settings.provider, baseUrl: settings.baseUrl, model: '' })).host;
	} catch {
		return settings.baseUrl;
	}
}

function comparable(settings: LlmSettings): string {
	return JSON.stringify([settings.provider, settings.baseUrl.trim(), settings.model.trim()]);
}

/** The offer of a link whose presets change the provider, base URL or model; undefined otherwise. */
export function agentLinkOffer(current: LlmSettings, linked: LlmSettings): AgentLinkOffer | undefined {
	if (comparable(current) === comparable(linked)) return undefined;
	const address = isOnDevice(linked.provider)
		? []
		: [resolveBaseUrl({ provider: linked.provider, baseUrl: linked.baseUrl, model: '' })];
	return {
		settings: linked,
		host: agentHost(linked),
		details: [providerNames[linked.provider], ...address, ...(linked.model.trim() ? [`model ${linked.model}`] : [])],
		newEndpoint: keySlot(current) !== keySlot(linked)
	};
}

/** Whether this tab already accepted exactly these settings from a link. */
export function acceptedBefore(storage: Storage | null, linked: LlmSettings): boolean {
	try {
		return storage?.getItem(acceptedLinkKey) === comparable(linked);
	} catch {
		return false;
	}
}

/** Notes, for this tab only, that the user accepted these settings from a link. */
export function noteAccepted(storage: Storage | null, linked: LlmSettings): void {
	try {
		storage?.setItem(acceptedLinkKey, comparable(linked));
	} catch {
		// Blocked storage: a reload asks again.
	}
}
