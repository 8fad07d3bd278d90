/**
 * `npm run graph`: the rooms of src/lib and the arrows between them, as the lint's resolver
 * sees them (Mermaid by default, `--dot` for Graphviz), then any import the module table of
 * docs/ARCHITECTURE.md forbids. Exits 1 when there is one.
 */
import { importGraph } from './lint/import-graph.js';

const { edges, rooms, violations } = importGraph();
const id = (room) => room.replace(/[^a-zA-Z0-9]/g, '_');
const dot = process.argv.includes('--dot');
const lines = dot ? ['digraph rooms {', '\trankdir=LR;'] : ['graph LR'];
for (const room of [...rooms].sort()) lines.push(dot ? `\t${id(room)} [label="${room}"];` : `\t${id(room)}["${room}"]`);
for (const [key, count] of [...edges].sort()) {
	const [from, to] = key.split(' -> ');
	lines.push(dot ? `\t${id(from)} -> ${id(to)} [label="${count}"];` : `\t${id(from)} -->|${count}| ${id(to)}`);
}
if (dot) lines.push('}');
process.stdout.write(`${lines.join('\n')}\n`);
if (violations.length) {
	process.stderr.write(
		`\n${violations.length} import(s) the module table forbids:\n${violations.map((v) => `  ${v}`).join('\n')}\n`
	);
	process.exitCode = 1;
}
