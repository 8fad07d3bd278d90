import { describe, expect, it } from 'vitest';
import { CanvasParams } from './canvas-params.svelte';

describe('CanvasParams', () => {
	it('sets, picks and clears values, telling listeners once per change', () => {
		const params = new CanvasParams();
		const heard: string[][] = [];
		params.listen((names) => heard.push([...names]));
		expect(params.set('origin', 'Japan')).toEqual({ ok: true, changed: true });
		expect(params.set('origin', 'Japan')).toEqual({ ok: true, changed: false });
		expect(params.values).toEqual({ origin: 'Japan' });
		expect(params.pick('origin', 'USA', true)).toMatchObject({ ok: true });
		expect(params.get('origin')).toEqual(['Japan', 'USA']);
		params.setMany({ origin: null, year: 1970 });
		expect(params.values).toEqual({ year: 1970 });
		expect(params.get('origin')).toBeNull();
		expect(params.names).toEqual(['year']);
		expect(heard).toEqual([['origin'], ['origin'], ['origin', 'year']]);
	});

	it('refuses bad names and values without changing anything', () => {
		const params = new CanvasParams();
		params.set('origin', 'Japan');
		expect(params.setMany({ year: 1970, 'drop table': 1 })).toMatchObject({
			ok: false,
			error: expect.stringContaining('not a parameter name')
		});
		expect(params.set('origin', { sql: 'x' })).toMatchObject({ ok: false, error: expect.stringContaining('origin: ') });
		expect(params.set('origin', 'y'.repeat(20_000))).toMatchObject({ ok: false });
		expect(params.values).toEqual({ origin: 'Japan' });
	});

	it('replaces every value from a saved canvas, skipping what is invalid', () => {
		const params = new CanvasParams();
		let heard = 0;
		params.listen(() => heard++);
		const problems = params.replace({ origin: 'Japan', bad: { nested: 1 }, '1x': 2, cleared: null });
		expect(params.values).toEqual({ origin: 'Japan' });
		expect(problems).toHaveLength(2);
		expect(heard).toBe(1);
		params.replace({ origin: 'USA' }, { quiet: true });
		expect(heard).toBe(1);
		expect(params.replace('not an object')).toEqual([]);
		expect(params.values).toEqual({});
	});

	it('keeps a listener that throws from stopping the others, and marks widgets busy', () => {
		const params = new CanvasParams();
		let heard = 0;
		params.listen(() => {
			throw new Error('boom');
		});
		params.listen(() => heard++);
		params.set('a', 1);
		expect(heard).toBe(1);
		params.setBusy('w_1', true);
		expect(params.isBusy('w_1')).toBe(true);
		params.setBusy('w_1', false);
		expect(params.isBusy('w_1')).toBe(false);
	});
});
