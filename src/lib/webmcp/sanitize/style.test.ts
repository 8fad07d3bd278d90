import { describe, expect, it } from 'vitest';
import { sanitizeStyle, styleToCss } from './style';

describe('sanitizeStyle', () => {
	it('accepts allowed properties in camelCase or kebab-case', () => {
		const result = sanitizeStyle({
			backgroundColor: '#fef3c7',
			color: 'var(--text)',
			border: '1px solid rgb(0 0 0 / 0.2)',
			'border-radius': '12px 4px',
			fontSize: '1.2rem',
			fontWeight: 600,
			padding: '8px 12px',
			opacity: 0.8,
			boxShadow: '0 4px 12px rgba(0, 0, 0, 0.1)',
			background: 'linear-gradient(90deg, #fff, oklch(70% 0.1 200))'
		});
		expect(result).toEqual({
			ok: true,
			value: {
				'background-color': '#fef3c7',
				color: 'var(--text)',
				border: '1px solid rgb(0 0 0 / 0.2)',
				'border-radius': '12px 4px',
				'font-size': '1.2rem',
				'font-weight': '600',
				padding: '8px 12px',
				opacity: '0.8',
				'box-shadow': '0 4px 12px rgba(0, 0, 0, 0.1)',
				background: 'linear-gradient(90deg, #fff, oklch(70% 0.1 200))'
			}
		});
	});

	it.each([
		[{ background: 'url(https://evil.example/track.png)' }],
		[{ background: 'URL(https://evil.example/x)' }],
		[{ background: 'u\\72l(https://evil.example/x)' }],
		[{ background: 'url (x)' }],
		[{ background: 'image-set("a.png" 1x)' }],
		[{ background: '-webkit-image-set(a 1x)' }],
		[{ background: 'cross-fade(a, b)' }],
		[{ background: 'element(#x)' }],
		[{ color: 'expression(alert(1))' }],
		[{ color: 'red; background: url(x)' }],
		[{ color: 'red } body { display:none' }],
		[{ color: 'red !important' }],
		[{ color: '@import "x.css"' }],
		[{ color: 'javascript:alert(1)' }],
		[{ color: 'red /* comment */' }],
		[{ color: '"red"' }],
		[{ color: 'var(--x, url(a))' }],
		[{ color: 'var(x)' }],
		[{ color: 'rgb(0,0,0' }],
		[{ color: 'attr(data-x)' }],
		[{ color: 'env(safe-area-inset-top)' }],
		[{ color: '<script>' }],
		[{ position: 'fixed' }],
		[{ behavior: 'url(x.htc)' }],
		[{ '-moz-binding': 'url(x.xml#x)' }],
		[{ content: '"x"' }],
		[{ '--accent': 'red' }],
		[{ opacity: 2 }],
		[{ opacity: 'NaN' }],
		[{ fontWeight: 'heavy' }],
		[{ fontSize: 'huge' }],
		[{ textAlign: 'middle' }],
		[{ padding: '1px 2px 3px 4px 5px' }],
		[{ color: { nested: 'red' } }],
		[{ color: '' }],
		[{ color: 'a'.repeat(300) }],
		[{ __proto__: { color: 'red' }, constructor: 'x' }],
		['color: red'],
		[['color', 'red']],
		[null]
	])('refuses %j', (input) => {
		const result = sanitizeStyle(input);
		expect(result.ok).toBe(false);
	});

	it('names the allowed properties when a property is refused', () => {
		const result = sanitizeStyle({ position: 'fixed' });
		expect(result.ok || result.error).toMatch(/"position" is not allowed; allowed: color, background/);
	});

	it('explains a refused value', () => {
		const result = sanitizeStyle({ background: 'url(x)' });
		expect(result.ok || result.error).toMatch(/calls url\(\), which is not allowed/);
	});

	it('renders a sanitised style as css text', () => {
		expect(styleToCss({ color: 'red', 'font-size': '12px' })).toBe('color: red; font-size: 12px');
	});
});
