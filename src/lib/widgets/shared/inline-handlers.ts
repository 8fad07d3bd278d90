/**
 * Drops `on…` event-handler attributes from HTML text before it is parsed. DOMPurify remains
 * the security boundary (it removes them too), but parsing them at all — even in the inert
 * document DOMPurify parses into — makes recent Chromium report a `script-src-attr`
 * violation under our CSP, so every model answer with such an attribute would spam the
 * console and any report endpoint. This pass reads tags the way the HTML tokenizer does
 * (quoted values may contain `>`), so it removes what the parser would see as attributes.
 */
const tag = /<[a-zA-Z][^\s/>]*(?:\s*\/?\s*(?:[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*))?))*\s*\/?\s*>/g;
const handler = /(\s|\/)on[a-z0-9_-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*))?/gi;
const attribute = /(\s|\/)([^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*))?/g;

/** The HTML with every `on…` attribute removed from every start tag; text is untouched. */
export function stripInlineHandlers(html: string): string {
	if (!/\son/i.test(html) && !/\/on/i.test(html)) return html;
	return html.replace(tag, (whole) => {
		if (!handler.test(whole)) return whole;
		handler.lastIndex = 0;
		const name = /^<[^\s/>]+/.exec(whole)![0];
		const rest = whole.slice(name.length);
		return (
			name +
			rest.replace(attribute, (attr, lead: string, key: string) =>
				/^on/i.test(key) ? (lead === '/' ? '/' : '') : attr
			)
		);
	});
}
