/**
 * Which MCP protocol revision a connection speaks, chosen per server:
 *
 *   auto    probe with `server/discover`; 2026-07-28 when the server answers it, else the
 *           2025-11-25 `initialize` handshake (the default, and what old saved configs get)
 *   legacy  2025-11-25 only: the plain `initialize` handshake, no probe
 *   modern  2026-07-28 only (stateless, `server/discover`, the standard `Mcp-*` headers);
 *           a server that cannot speak it fails the connection with a message saying so
 *
 * The negotiation itself is the official client SDK's (`versionNegotiation`).
 */
import type { VersionNegotiationOptions } from '@modelcontextprotocol/client';

/** The user's choice of protocol revision for one server. */
export type ProtocolChoice = 'auto' | 'legacy' | 'modern';

/** Every choice, in the order the UI offers them. */
export const protocolChoices: readonly ProtocolChoice[] = ['auto', 'legacy', 'modern'];

/** The 2025 revision (`initialize` handshake, sessions). */
export const legacyRevision = '2025-11-25';

/** The 2026 revision (stateless, `server/discover`). */
export const modernRevision = '2026-07-28';

/** Client features the 2026 revision deprecates; still answered when a server asks. */
export type DeprecatedFeature = 'sampling' | 'roots' | 'logging';

/** The revision that deprecated `feature`, when the server speaks `version` and it is deprecated there; else undefined. */
export function deprecatedIn(version: string | undefined, feature: DeprecatedFeature): string | undefined {
	const deprecated: Record<DeprecatedFeature, string> = {
		sampling: modernRevision,
		roots: modernRevision,
		logging: modernRevision
	};
	return version && version >= deprecated[feature] ? deprecated[feature] : undefined;
}

/** What each choice means, for labels and tooltips. */
export const protocolChoiceLabels: Record<ProtocolChoice, string> = {
	auto: `auto (${modernRevision} when the server speaks it, else ${legacyRevision})`,
	legacy: `legacy (${legacyRevision} only)`,
	modern: `modern (${modernRevision} only)`
};

/** True for a known choice. */
export function isProtocolChoice(value: unknown): value is ProtocolChoice {
	return value === 'auto' || value === 'legacy' || value === 'modern';
}

/** A stored value as a choice: anything missing or unknown (configs saved before the choice existed) is `auto`. */
export function parseProtocolChoice(value: unknown): ProtocolChoice {
	return isProtocolChoice(value) ? value : 'auto';
}

/** The SDK's negotiation options for a choice. */
export function versionNegotiationFor(choice: ProtocolChoice, probeTimeoutMs?: number): VersionNegotiationOptions {
	if (choice === 'legacy') return { mode: 'legacy' };
	const probe = probeTimeoutMs ? { timeoutMs: probeTimeoutMs } : undefined;
	return choice === 'modern' ? { mode: { pin: modernRevision }, probe } : { mode: 'auto', probe };
}
