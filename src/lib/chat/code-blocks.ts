/**
 * Code blocks in rendered chat markdown get syntax highlighting (the `code` widget's
 * highlighter, loaded on demand) and a copy button. Runs on the sanitised DOM after each
 * render; the highlighter's output is escaped and filtered to `<span class>` again.
 */
import { copyText } from './clipboard';

type Highlighter = (code: string, language: string | undefined) => string;

let loading: Promise<Highlighter> | undefined;

function loadHighlighter(): Promise<Highlighter> {
	loading ??= import('$lib/widgets/code/highlight').then((module) => module.highlight);
	return loading;
}

/** The language a `language-xyz` class names, if any. */
export function codeLanguage(code: Element): string | undefined {
	for (const name of code.classList) if (name.startsWith('language-')) return name.slice('language-'.length);
	return undefined;
}

/** Adds highlighting and a copy button to every `pre > code` under `root`. Idempotent per node. */
export async function enhanceCodeBlocks(root: HTMLElement): Promise<void> {
	const blocks = [...root.querySelectorAll('pre > code')].filter(
		(code) => !code.parentElement?.hasAttribute('data-enhanced')
	);
	if (!blocks.length) return;
	for (const code of blocks) addCopyButton(code as HTMLElement);
	const highlight = await loadHighlighter().catch(() => undefined);
	if (!highlight) return;
	for (const code of blocks) {
		const language = codeLanguage(code);
		if (!language || !code.isConnected) continue;
		code.innerHTML = highlight(code.textContent ?? '', language);
		code.classList.add('hljs');
	}
}

function addCopyButton(code: HTMLElement): void {
	const pre = code.parentElement!;
	pre.setAttribute('data-enhanced', '');
	const source = code.textContent ?? '';
	const button = document.createElement('button');
	button.type = 'button';
	button.className = 'btn btn-icon code-copy';
	button.textContent = 'Copy';
	button.setAttribute('aria-label', 'Copy code');
	button.setAttribute('data-testid', 'copy-code');
	button.addEventListener('click', async () => {
		const ok = await copyText(source);
		button.textContent = ok ? 'Copied' : 'Copy failed';
		setTimeout(() => (button.textContent = 'Copy'), 1600);
	});
	pre.prepend(button);
}
