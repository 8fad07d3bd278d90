/**
 * Drives the page's WebMCP tools from a journey: Chromium has no `document.modelContext`
 * without a flag, so `installModelContext` installs a minimal recording one (the current
 * draft's `registerTool(tool, { signal })`, which returns a Promise and whose signal owns the
 * tool's lifetime) before the page loads,
 * and `callTool` calls a tool the page registered, as a browser agent would.
 */
import type { Page } from '@playwright/test';

/** A tool result as the page returns it. */
export type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown> };

/** Installs the recording `document.modelContext`; call before `page.goto`. */
export async function installModelContext(page: Page): Promise<void> {
	await page.addInitScript(() => {
		const tools = new Map<string, { execute: (input: unknown) => Promise<unknown> }>();
		const context = {
			async registerTool(
				tool: { name: string; execute: (input: unknown) => Promise<unknown> },
				options?: { signal?: AbortSignal }
			) {
				tools.set(tool.name, tool);
				options?.signal?.addEventListener('abort', () => tools.delete(tool.name));
			}
		};
		Object.defineProperty(document, 'modelContext', { value: context, configurable: true });
		(window as unknown as { __webmcpTools: typeof tools }).__webmcpTools = tools;
	});
}

/** Calls a registered tool (waiting for its registration) and returns its result. */
export async function callTool(page: Page, name: string, input: Record<string, unknown>): Promise<ToolResult> {
	await page.waitForFunction(
		(tool) => (window as unknown as { __webmcpTools?: Map<string, unknown> }).__webmcpTools?.has(tool),
		name
	);
	return page.evaluate(
		([tool, args]) =>
			(
				window as unknown as { __webmcpTools: Map<string, { execute: (input: unknown) => Promise<ToolResult> }> }
			).__webmcpTools
				.get(tool as string)!
				.execute(args),
		[name, input] as const
	);
}
