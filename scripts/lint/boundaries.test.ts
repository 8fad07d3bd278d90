import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript module without declarations
import { boundaryViolation, libRoot, moduleRules, parseModuleTable, projectRoot, ruleFor } from './module-table.js';
// @ts-expect-error -- plain JavaScript module without declarations
import { importGraph, importsOf } from './import-graph.js';

const file = (path: string) => join(libRoot, path);

describe('the module table of docs/ARCHITECTURE.md', () => {
	it('has a row for every folder of src/lib', () => {
		const folders = readdirSync(libRoot, { withFileTypes: true }).filter((entry) => entry.isDirectory());
		const rows = new Set(moduleRules().map((rule: { room: string }) => rule.room));
		expect(folders.map((folder) => folder.name).filter((name) => !rows.has(name))).toEqual([]);
	});

	it('reads backticked paths as the rooms a row may import, and the words nothing and everything', () => {
		const rules = parseModuleTable(
			'## Modules and the direction of imports\n\n| module | holds | may import |\n| --- | --- | --- |\n' +
				'| `a/` | x | nothing |\n| `b/` | y | `a` (types), `c/d.ts` |\n| `routes/` | z | everything |\n\n## Next\n| `e/` | w | `a` |\n'
		);
		expect(rules).toEqual([
			{ room: 'a', allows: [], everything: false },
			{ room: 'b', allows: ['a', 'c/d.ts'], everything: false },
			{ room: 'routes', allows: [], everything: true }
		]);
	});

	it('governs a file by the longest row that contains it', () => {
		expect(ruleFor('agent/providers/openai/model.ts').room).toBe('agent/providers');
		expect(ruleFor('agent/loop.ts').room).toBe('agent');
	});

	it('forbids what a row does not list and allows a room its own files', () => {
		expect(boundaryViolation(file('shared/x.ts'), '$lib/canvas')).toMatch(/`shared` may not import `canvas`/);
		expect(boundaryViolation(file('widgets/bar/x.ts'), '$lib/canvas/types')).toMatch(
			/`widgets` may not import `canvas\/types`/
		);
		expect(boundaryViolation(file('widgets/bar/x.ts'), '../../canvas/types')).toMatch(/room `canvas`/);
		expect(boundaryViolation(file('agent/providers/openai/x.ts'), '$lib/agent/loop')).toMatch(
			/`agent\/providers` may not/
		);
		expect(boundaryViolation(file('canvas/x.ts'), '$lib/widgets')).toBeUndefined();
		expect(boundaryViolation(file('agent/loop.ts'), './registry')).toBeUndefined();
		expect(boundaryViolation(file('agent/providers/openai/x.ts'), '$lib/agent/types')).toBeUndefined();
		expect(boundaryViolation(file('server/x.js'), '../mcp-apps/csp.js')).toBeUndefined();
		expect(boundaryViolation(file('widgets/x.ts'), 'vega-lite')).toBeUndefined();
	});
});

describe('npm run lint', () => {
	const eslint = new ESLint({ cwd: projectRoot });

	it('fails a module importing across a forbidden boundary, naming the file', async () => {
		const filePath = file('shared/forbidden-example.ts');
		const [result] = await eslint.lintText(
			"import { CanvasStore } from '$lib/canvas';\nexport const x = CanvasStore;\n",
			{ filePath }
		);
		expect(result.filePath).toBe(filePath);
		expect(result.messages.map((message) => message.ruleId)).toContain('autoui/boundaries');
		const formatted = await (await eslint.loadFormatter('stylish')).format([result]);
		expect(formatted).toContain('src/lib/shared/forbidden-example.ts');
	});

	it('checks Svelte components and dynamic imports too', async () => {
		const svelte = await eslint.lintText(
			'<script lang="ts">\n\timport { CanvasStore } from \'$lib/canvas\';\n\tvoid CanvasStore;\n</script>\n',
			{ filePath: file('widgets/bar/Forbidden.svelte') }
		);
		expect(svelte[0].messages.map((message) => message.ruleId)).toContain('autoui/boundaries');
		const dynamic = await eslint.lintText("export const load = () => import('$lib/chat');\n", {
			filePath: file('mcp/forbidden.ts')
		});
		expect(dynamic[0].messages.map((message) => message.ruleId)).toContain('autoui/boundaries');
	});

	it('leaves unit tests free to import what they test with', async () => {
		const [result] = await eslint.lintText(
			"import { CanvasStore } from '$lib/canvas';\nexport const x = CanvasStore;\n",
			{ filePath: file('shared/example.test.ts') }
		);
		expect(result.messages.filter((message) => message.ruleId === 'autoui/boundaries')).toEqual([]);
	});
});

describe('npm run graph', () => {
	it('finds static, re-exported and dynamic imports', () => {
		expect(
			importsOf("import a from '$lib/x';\nexport { b } from './y';\nconst c = await import('../z');\nimport './side';")
		).toEqual(['$lib/x', './y', '../z', './side']);
	});

	it('sees the arrows between rooms on a fresh checkout (no generated files needed)', () => {
		const { edges, rooms } = importGraph(join(projectRoot, 'src'));
		expect(rooms.size).toBeGreaterThanOrEqual(15);
		const connected = new Set([...edges.keys()].flatMap((key: string) => key.split(' -> ')));
		expect([...rooms].filter((room) => !connected.has(room))).toEqual([]);
		expect(edges.get('canvas -> widgets')).toBeGreaterThan(0);
	});
});
