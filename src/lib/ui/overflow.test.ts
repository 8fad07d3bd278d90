import { describe, expect, it } from 'vitest';
import { inMenu, inRow } from './overflow';

describe('toolbar action places', () => {
	it('runs a row action as it is, without passing the click on', () => {
		const calls: unknown[][] = [];
		inRow.run((...args: unknown[]) => calls.push(args))();
		expect(calls).toEqual([[]]);
		expect(inRow.role).toBeUndefined();
		expect(inRow.inMenu).toBe(false);
	});

	it('closes the menu before running a menu action', () => {
		const steps: string[] = [];
		const place = inMenu(() => steps.push('close'));
		place.run(() => steps.push('action'))();
		expect(steps).toEqual(['close', 'action']);
		expect(place.role).toBe('menuitem');
		expect(place.inMenu).toBe(true);
	});
});
