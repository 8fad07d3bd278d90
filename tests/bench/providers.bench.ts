/**
 * Provider figures. (1) The gzipped size of each wire format's code (provider folder + its
 * SDK) loaded on demand: the chunks reachable from the provider's dynamic entry in the
 * build's client output, minus those the page already loads. (2) In Node against the fake
 * LLM: the time from the fake writing the first streamed text event to the provider
 * emitting the text-delta event (SSE parsing, SDK, assembly), median over many turns.
 * (3) In Chromium against the production build: from the fake writing the first text event
 * to that text being in the chat's DOM (provider, agent loop, events, chat rendering).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { LlmProvider, ProviderConfig, ProviderId } from '$lib/agent/providers';
import { AnthropicProvider } from '$lib/agent/providers/anthropic';
import { OpenAiProvider } from '$lib/agent/providers/openai';
import { startFakeLlm } from '../fixtures/fake-llm';
import { chromiumLaunch, withAppServer } from './server';

type Emit = (figure: Record<string, unknown>) => void;
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

const out = process.env.AUTOUI_OUT || 'build';
const kitDir = out === 'build' ? '.svelte-kit' : `.svelte-kit-${out.replace(/[^a-z0-9-]/gi, '_')}`;

function reachable(manifest: Manifest, keys: string[]): Set<string> {
	const seen = new Set<string>();
	const visit = (key: string) => {
		if (seen.has(key) || !manifest[key]) return;
		seen.add(key);
		for (const child of manifest[key].imports ?? []) visit(child);
	};
	keys.forEach(visit);
	return seen;
}

function chunkSizes(emit: Emit): void {
	const manifestPath = join(process.cwd(), kitDir, 'output', 'client', '.vite', 'manifest.json');
	if (!existsSync(manifestPath)) throw new Error(`no client manifest at ${manifestPath}; build first`);
	const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
	const initial = reachable(
		manifest,
		Object.keys(manifest).filter((key) => manifest[key].isEntry)
	);
	for (const provider of ['anthropic', 'openai'] as const) {
		const entry = `src/lib/agent/providers/${provider}/index.ts`;
		if (!manifest[entry]) throw new Error(`${entry} is not a separate chunk in the build`);
		if (initial.has(entry)) throw new Error(`${entry} is part of the initial load`);
		const own = [...reachable(manifest, [entry])].filter((key) => !initial.has(key));
		let gzipped = 0;
		let raw = 0;
		for (const key of own) {
			const bytes = readFileSync(join(process.cwd(), out, 'client', manifest[key].file));
			raw += bytes.length;
			gzipped += gzipSync(bytes, { level: 9 }).length;
		}
		const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
		emit({
			name: `provider-${provider}-on-demand-gzip`,
			value: kb(gzipped),
			unit: 'KB',
			target: '< 60 KB',
			chunks: own.length,
			rawKB: kb(raw)
		});
	}
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

async function firstByteToDelta(emit: Emit, provider: ProviderId): Promise<void> {
	const runs = 40;
	const llm = await startFakeLlm({
		scenario: { steps: [], fallback: { text: 'The answer is forty-two, as the table shows.' } }
	});
	try {
		// Constructed directly: the bench runner cannot follow createProvider's dynamic import.
		const config: ProviderConfig = {
			provider,
			baseUrl: provider === 'openai' ? `${llm.url}/v1` : llm.url,
			model: 'fake-model'
		};
		const model: LlmProvider = provider === 'anthropic' ? new AnthropicProvider(config) : new OpenAiProvider(config);
		const gaps: number[] = [];
		const firstTokens: number[] = [];
		for (let run = 0; run < runs; run++) {
			let deltaAt = 0;
			const turn = await model.streamTurn(
				{
					system: 'Be brief.',
					messages: [{ role: 'user', content: [{ type: 'text', text: `question ${run}` }] }],
					tools: []
				},
				{
					onEvent: (event) => {
						if (event.type === 'text-delta' && !deltaAt) deltaAt = performance.timeOrigin + performance.now();
					}
				}
			);
			const written = llm.requests.at(-1)!.firstContentAt!;
			if (run >= 5) {
				gaps.push(deltaAt - written);
				firstTokens.push(turn.ttftMs ?? Number.NaN);
			}
		}
		emit({
			name: `provider-${provider}-first-byte-to-text-delta`,
			value: Math.round(median(gaps) * 100) / 100,
			unit: 'ms',
			target: '< 5 ms',
			runs: gaps.length,
			p90: Math.round([...gaps].sort((a, b) => a - b)[Math.floor(gaps.length * 0.9)] * 100) / 100
		});
		emit({
			name: `provider-${provider}-request-to-first-token`,
			value: median(firstTokens),
			unit: 'ms',
			target: null,
			runs: firstTokens.length,
			note: 'loopback fake LLM'
		});
	} finally {
		await llm.close();
	}
}

async function firstByteToChat(emit: Emit, baseUrl: string, provider: ProviderId): Promise<void> {
	const runs = 6;
	const llm = await startFakeLlm({
		scenario: { steps: [], fallback: { text: 'The answer is forty-two, as the table shows.' } }
	});
	const browser = await chromium.launch(chromiumLaunch);
	try {
		const gaps: number[] = [];
		for (let run = 0; run < runs; run++) {
			const page = await browser.newPage();
			const params = new URLSearchParams({
				provider,
				baseUrl: provider === 'openai' ? `${llm.url}/v1` : llm.url,
				model: 'fake-model'
			});
			await page.goto(`${baseUrl}/?${params}`);
			await page.locator('[data-testid=llm-status][data-status=ready]').waitFor();
			await page.evaluate(() => {
				const state = window as unknown as { firstChatText?: number };
				new MutationObserver(() => {
					const message = document.querySelector('[data-testid=assistant-message]');
					if (state.firstChatText === undefined && message?.textContent?.trim())
						state.firstChatText = performance.timeOrigin + performance.now();
				}).observe(document.body, { subtree: true, childList: true, characterData: true });
			});
			await page.getByTestId('chat-input').fill(`question ${run}`);
			await page.getByTestId('send').click();
			const shown = await page.waitForFunction(
				() => (window as unknown as { firstChatText?: number }).firstChatText,
				undefined,
				{ timeout: 20_000 }
			);
			const written = llm.chatRequests().at(-1)!.firstContentAt!;
			if (run > 0) gaps.push(Number(await shown.jsonValue()) - written);
			await page.close();
		}
		emit({
			name: `provider-${provider}-first-byte-to-chat-text`,
			value: Math.round(median(gaps) * 10) / 10,
			unit: 'ms',
			target: '< 50 ms',
			runs: gaps.length,
			max: Math.round(Math.max(...gaps) * 10) / 10
		});
	} finally {
		await browser.close();
		await llm.close();
	}
}

export default async function run(emit: Emit): Promise<void> {
	chunkSizes(emit);
	await firstByteToDelta(emit, 'anthropic');
	await firstByteToDelta(emit, 'openai');
	await withAppServer(async (baseUrl) => {
		await firstByteToChat(emit, baseUrl, 'anthropic');
		await firstByteToChat(emit, baseUrl, 'openai');
	});
}
