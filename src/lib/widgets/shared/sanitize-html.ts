/**
 * Markdown and highlighted code to safe HTML (browser only: DOMPurify needs a DOM). Our own
 * DOMPurify instance carries hooks that route every link and image through the URL policy,
 * open links in a new tab without opener or referrer, and drop anything that could run
 * script, load a stylesheet or submit a form.
 */
import { imageHosts } from './image-hosts.svelte';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { Marked } from 'marked';
import { stripInlineHandlers } from './inline-handlers';
import { safeImageUrl, safeLinkUrl } from './url';

let purifier: DOMPurify | undefined;

function instance(): DOMPurify {
	if (purifier) return purifier;
	purifier = createDOMPurify(window);
	purifier.addHook('afterSanitizeAttributes', (node) => {
		if (node.tagName === 'A') {
			const href = safeLinkUrl(node.getAttribute('href'));
			if (href) {
				node.setAttribute('href', href);
				node.setAttribute('target', '_blank');
				node.setAttribute('rel', 'noopener noreferrer nofollow');
			} else node.removeAttribute('href');
		}
		if (node.tagName === 'IMG') {
			// Only approved hosts (image-hosts.svelte.ts): no request to a host the user has not accepted.
			const src = safeImageUrl(node.getAttribute('src'), imageHosts.hosts);
			if (src) {
				node.setAttribute('src', src);
				node.setAttribute('loading', 'lazy');
				node.setAttribute('referrerpolicy', 'no-referrer');
			} else {
				node.removeAttribute('src');
				node.setAttribute(
					'data-blocked',
					'image not loaded: its host is not approved (approve it on an image widget) or its address is not allowed'
				);
			}
			node.removeAttribute('srcset');
		}
	});
	return purifier;
}

const markdownConfig = {
	FORBID_TAGS: [
		'style',
		'form',
		'input',
		'button',
		'textarea',
		'select',
		'iframe',
		'object',
		'embed',
		'link',
		'meta',
		'base',
		'svg',
		'math',
		'video',
		'audio',
		'source'
	],
	FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'ping', 'background', 'poster'],
	ALLOW_DATA_ATTR: false
};

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Markdown (GitHub flavour) to sanitised HTML ready for `{@html}`. */
export function renderMarkdown(source: string): string {
	const html = marked.parse(source, { async: false });
	return instance().sanitize(stripInlineHandlers(html), markdownConfig);
}

/** Keeps only `<span class>` from syntax-highlighter output (already escaped by the highlighter). */
export function sanitizeHighlight(html: string): string {
	return instance().sanitize(html, { ALLOWED_TAGS: ['span'], ALLOWED_ATTR: ['class'] });
}
