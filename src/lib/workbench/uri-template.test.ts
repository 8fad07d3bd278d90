import { describe, expect, it } from 'vitest';
import { expandTemplate, templateVariables } from './uri-template';

describe('URI templates', () => {
	it('names every variable once, in order', () => {
		expect(templateVariables('demo://resource/{id}/{+path}{?q,page}{&q}')).toEqual(['id', 'path', 'q', 'page']);
	});

	it('expands each operator as RFC 6570 specifies', () => {
		const values = { var: 'value', hello: 'Hello World!', path: '/foo/bar', x: '1024', y: '768', empty: '' };
		expect(expandTemplate('{var}', values)).toBe('value');
		expect(expandTemplate('{hello}', values)).toBe('Hello%20World%21');
		expect(expandTemplate('{+path}/here', values)).toBe('/foo/bar/here');
		expect(expandTemplate('{#path}', values)).toBe('#/foo/bar');
		expect(expandTemplate('X{.var}', values)).toBe('X.value');
		expect(expandTemplate('{/var,x}/here', values)).toBe('/value/1024/here');
		expect(expandTemplate('{;x,y,empty}', values)).toBe(';x=1024;y=768;empty');
		expect(expandTemplate('{?x,y,empty}', values)).toBe('?x=1024&y=768&empty=');
		expect(expandTemplate('?fixed=yes{&x}', values)).toBe('?fixed=yes&x=1024');
		expect(expandTemplate('{var:3}', values)).toBe('val');
	});

	it('leaves out variables without a value', () => {
		expect(expandTemplate('items{?q,page}', { page: '2' })).toBe('items?page=2');
		expect(expandTemplate('a/{id}', {})).toBe('a/');
	});
});
