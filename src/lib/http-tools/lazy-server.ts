/**
 * An HTTP tool set as a `ToolServer` whose executor loads on the first call, so the page can
 * list HTTP tools to the agent without the executor in its first JavaScript.
 */
import type { CallOptions, ToolCallResult, ToolDefinition, ToolServer } from '$lib/shared';
import { toolDefinition } from './definition';
import type { HttpToolServer, HttpToolServerOptions } from './http-server';

/** A tool server that creates its `HttpToolServer` when first called. */
export class LazyHttpToolServer implements ToolServer {
	readonly protocol = 'http' as const;
	readonly name: string;
	readonly definitions: ToolDefinition[];
	#options: HttpToolServerOptions;
	#server: Promise<HttpToolServer> | undefined;

	constructor(options: HttpToolServerOptions) {
		this.#options = options;
		this.name = options.name;
		this.definitions = options.set.tools.map(toolDefinition);
	}

	async listTools(): Promise<ToolDefinition[]> {
		return this.definitions;
	}

	async callTool(name: string, args: Record<string, unknown>, options?: CallOptions): Promise<ToolCallResult> {
		this.#server ??= import('./http-server').then(({ HttpToolServer }) => new HttpToolServer(this.#options));
		return (await this.#server).callTool(name, args, options);
	}
}
