import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInputThrottle } from './input-throttle';

describe('createInputThrottle', () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	it('reports the first piece at once, then at most one per interval with the latest text', () => {
		const seen: string[] = [];
		const throttle = createInputThrottle((_id, _name, json) => seen.push(json), 50);
		throttle.push('a', 'x_mcp_t', '{');
		expect(seen).toEqual(['{']);
		for (const text of ['{"q', '{"q":', '{"q":"h', '{"q":"he']) {
			vi.advanceTimersByTime(10);
			throttle.push('a', 'x_mcp_t', text);
		}
		expect(seen).toEqual(['{']);
		vi.advanceTimersByTime(10);
		expect(seen).toEqual(['{', '{"q":"he']);
		vi.advanceTimersByTime(200);
		expect(seen).toHaveLength(2);
	});

	it('paces each call on its own', () => {
		const seen: string[] = [];
		const throttle = createInputThrottle((id, name, json) => seen.push(`${id}:${name}:${json}`), 50);
		throttle.push('a', 'A', '1');
		throttle.push('b', 'B', '2');
		throttle.push('a', 'A', '11');
		expect(seen).toEqual(['a:A:1', 'b:B:2']);
		vi.advanceTimersByTime(50);
		expect(seen).toEqual(['a:A:1', 'b:B:2', 'a:A:11']);
	});

	it('bounds a long stream to one report per interval', () => {
		let reports = 0;
		const throttle = createInputThrottle(() => reports++, 50);
		let text = '';
		for (let i = 0; i < 1000; i++) {
			text += 'x';
			throttle.push('a', 'A', text);
			vi.advanceTimersByTime(1);
		}
		expect(reports).toBeLessThanOrEqual(21);
		expect(reports).toBeGreaterThanOrEqual(19);
	});

	it('drops what is held back when stopped', () => {
		const seen: string[] = [];
		const throttle = createInputThrottle((_id, _name, json) => seen.push(json), 50);
		throttle.push('a', 'A', '1');
		throttle.push('a', 'A', '12');
		throttle.stop();
		vi.advanceTimersByTime(100);
		expect(seen).toEqual(['1']);
	});
});
