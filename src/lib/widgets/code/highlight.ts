/**
 * Syntax highlighting with highlight.js core and a handful of registered languages (keeps the
 * chunk small). Output is escaped by highlight.js and filtered again to `<span class>`.
 */
import hljs from 'highlight.js/lib/core';
import javascript from 'highlight.js/lib/languages/javascript';
import typescript from 'highlight.js/lib/languages/typescript';
import python from 'highlight.js/lib/languages/python';
import json from 'highlight.js/lib/languages/json';
import sql from 'highlight.js/lib/languages/sql';
import bash from 'highlight.js/lib/languages/bash';
import xml from 'highlight.js/lib/languages/xml';
import css from 'highlight.js/lib/languages/css';
import yaml from 'highlight.js/lib/languages/yaml';
import markdown from 'highlight.js/lib/languages/markdown';
import go from 'highlight.js/lib/languages/go';
import rust from 'highlight.js/lib/languages/rust';
import java from 'highlight.js/lib/languages/java';
import { sanitizeHighlight } from '../shared/sanitize-html';

const languages = { javascript, typescript, python, json, sql, bash, xml, css, yaml, markdown, go, rust, java };
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);

const aliases: Record<string, string> = {
	js: 'javascript',
	jsx: 'javascript',
	ts: 'typescript',
	tsx: 'typescript',
	py: 'python',
	sh: 'bash',
	shell: 'bash',
	zsh: 'bash',
	html: 'xml',
	svg: 'xml',
	yml: 'yaml',
	md: 'markdown',
	rs: 'rust',
	golang: 'go'
};

/** The registered language for a name or alias, or undefined. */
export function resolveLanguage(name: string | undefined): string | undefined {
	if (!name) return undefined;
	const lower = name.toLowerCase().trim();
	const resolved = aliases[lower] ?? lower;
	return hljs.getLanguage(resolved) ? resolved : undefined;
}

/** Highlighted HTML for `code` (plain escaped text when the language is unknown or the code is huge). */
export function highlight(code: string, language: string | undefined): string {
	const resolved = resolveLanguage(language);
	if (!resolved || code.length > 100_000) return code.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
	return sanitizeHighlight(hljs.highlight(code, { language: resolved, ignoreIllegals: true }).value);
}
