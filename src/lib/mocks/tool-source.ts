/**
 * Mock mode as a `ToolSource`: it offers no tools of its own and sits in front of the servers
 * of every source registered before it, so the agent, the workbench and live widgets all get
 * a mocked tool's mock instead of its server.
 */
import type { SourceStatus, ToolSource } from '$lib/tool-hub';
import type { ToolServer } from '$lib/shared';
import { MockStore } from './mock-store.svelte';

/** The page's mocks, registered last with the hub. */
export class MockSource implements ToolSource {
	readonly id = 'mocks';
	readonly kind = 'mocks';
	readonly layers = [];
	readonly servers = [];
	readonly store: MockStore;

	constructor(store: MockStore = new MockStore()) {
		this.store = store;
	}

	get status(): SourceStatus {
		const count = this.store.mocks.length;
		return { state: count ? 'ready' : 'not-configured', detail: `${count} mocked tools` };
	}

	wrap(servers: readonly ToolServer[]): ToolServer[] {
		return this.store.wrap([...servers]);
	}
}
