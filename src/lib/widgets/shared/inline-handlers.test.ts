import { describe, expect, it } from 'vitest';
import { stripInlineHandlers } from './inline-handlers';

describe('stripInlineHandlers', () => {
	it('removes double-, single- and unquoted handlers and keeps the other attributes', () => {
		expect(stripInlineHandlers('<img src="x" onerror="alert(1)" alt=\'a\'>')).toBe('<img src="x" alt=\'a\'>');
		expect(stripInlineHandlers("<b onclick='alert(2)'>bold</b>")).toBe('<b>bold</b>');
		expect(stripInlineHandlers('<svg onload=alert(3)>')).toBe('<svg>');
		expect(stripInlineHandlers('<img/onerror=alert(4) src=x>')).toBe('<img/ src=x>');
	});

	it('reads quoted values that contain ">" as the parser does', () => {
		expect(stripInlineHandlers('<img alt=">" onerror="alert(1)">')).toBe('<img alt=">">');
	});

	it('leaves text that only mentions handlers, and attributes whose value mentions them', () => {
		const text = '<p>Set onclick= in the template; a onload handler</p><a title=" onclick=x" href="/">x</a>';
		expect(stripInlineHandlers(text)).toBe(text);
	});

	it('handles any letter case', () => {
		expect(stripInlineHandlers('<IMG SRC=x ONERROR=alert(1)>')).toBe('<IMG SRC=x>');
	});
});
