/**
 * "Export as mock server": one runnable `.mjs` file that needs only the SDK — the mock
 * runtime with the pointer rules inlined, the session and its ignore rules, and the call
 * that starts it (`node mock.mjs [--port N] [--stdio]`). Pure: the two source texts come in
 * (the page imports them as raw text, tests read the files).
 */
import { toSessionFile } from './session.js';

/** @typedef {import('./session.js').Session} Session */

/**
 * @param {Session} session
 * @param {{ runtime: string; pointer: string; ignore?: readonly string[] }} sources
 * @returns {string}
 */
export function buildMockModule(session, sources) {
	const importLine = /^import \{[^}]*\} from '\.\/pointer\.js';$/m;
	if (!importLine.test(sources.runtime))
		throw new Error('The mock runtime no longer imports ./pointer.js as expected.');
	const pointer = sources.pointer.replace(/^export /gm, '');
	const body = sources.runtime.replace(importLine, () => pointer);
	const file = toSessionFile(session, sources.ignore ?? session.ignore);
	return [
		'#!/usr/bin/env node',
		`// Mock MCP server of "${session.name.replace(/[\r\n]/g, ' ')}", exported by AutoUI.`,
		'// Needs only the SDK: npm install @modelcontextprotocol/sdk, then',
		'// node this-file.mjs [--port N] [--stdio]   (Streamable HTTP at /mcp by default)',
		body,
		`const session = ${JSON.stringify(file)};`,
		'await runMockCli(session, process.argv.slice(2));',
		''
	].join('\n');
}

/**
 * A file name for the mock of a session: `autoui-mock-<name>.mjs`.
 * @param {string} name
 */
export function mockFileName(name) {
	const slug = name
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')
		.slice(0, 60);
	return `autoui-mock-${slug || 'session'}.mjs`;
}
