import { describe, expect, it } from 'vitest';
import { expandUrl } from './url-template';

const template = 'https://api.example.com/v1/pets/{petId}/photos';

describe('URL templates', () => {
	it('fills path placeholders, one encoded segment each', () => {
		expect(expandUrl(template, { petId: 42 }).url.href).toBe('https://api.example.com/v1/pets/42/photos');
		expect(expandUrl(template, { petId: 'a b/é' }).url.href).toBe(
			'https://api.example.com/v1/pets/a%20b%2F%C3%A9/photos'
		);
		expect(expandUrl('/pets/{id}', { id: 'x' }, 'http://127.0.0.1:4010/v2').url.href).toBe(
			'http://127.0.0.1:4010/v2/pets/x'
		);
	});

	it('lets no path argument inject a segment, a query or a fragment', () => {
		expect(expandUrl(template, { petId: '../../admin' }).url.pathname).toBe('/v1/pets/..%2F..%2Fadmin/photos');
		expect(expandUrl(template, { petId: '1?admin=true' }).url.href).toBe(
			'https://api.example.com/v1/pets/1%3Fadmin%3Dtrue/photos'
		);
		expect(expandUrl(template, { petId: '1#frag' }).url.hash).toBe('');
		expect(expandUrl(template, { petId: '%2F..%2F' }).url.pathname).toBe('/v1/pets/%252F..%252F/photos');
		expect(expandUrl(template, { petId: '1/../../x' }).url.pathname.startsWith('/v1/pets/')).toBe(true);
	});

	it('refuses dot segments, empty and missing values, naming the argument', () => {
		for (const value of ['..', '.', '%2e%2e', '.%2E'])
			expect(() => expandUrl(template, { petId: value })).toThrow(/petId/);
		expect(() => expandUrl(template, { petId: '' })).toThrow(/"petId" must not be empty/);
		expect(() => expandUrl(template, {})).toThrow(/"petId" is required/);
		expect(() => expandUrl(template, { petId: { a: 1 } })).toThrow(/string or number/);
	});
});
