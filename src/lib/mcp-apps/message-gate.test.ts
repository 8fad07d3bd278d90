import { describe, expect, it } from 'vitest';
import { memoryStorage } from '$lib/shared/testing';
import {
	MAX_CONTEXT_UPDATES_PER_MINUTE,
	MAX_CONTEXT_VIEWS,
	MAX_PER_MINUTE,
	ViewMessageGate,
	type MessageChoice
} from './message-gate';

function gate() {
	let now = 1_000_000;
	const storage = memoryStorage();
	const subject = new ViewMessageGate({ storage, now: () => now });
	return { subject, storage, tick: (ms: number) => void (now += ms) };
}

describe('messages from views', () => {
	it('asks for every message until the user always allows the server, and keeps that choice', async () => {
		const { subject, storage, tick } = gate();
		let asks = 0;
		const answer = (choice: MessageChoice) => async () => (asks++, choice);
		expect(await subject.admit({ widgetId: 'w', server: 's', text: 'one' }, answer('once'))).toEqual({
			ok: true,
			text: '[Message from the view of "s"] one'
		});
		tick(3_000);
		expect(await subject.admit({ widgetId: 'w', server: 's', text: 'two' }, answer('always'))).toMatchObject({
			ok: true
		});
		tick(3_000);
		expect(await subject.admit({ widgetId: 'w', server: 's', text: 'three' }, answer('deny'))).toMatchObject({
			ok: true
		});
		expect(asks).toBe(2);
		expect(new ViewMessageGate({ storage }).alwaysAllowed).toEqual(['s']);
		subject.revoke('s');
		tick(3_000);
		expect(await subject.admit({ widgetId: 'w', server: 's', text: 'four' }, answer('deny'))).toMatchObject({
			ok: false
		});
	});

	it('refuses other messages of a view while the user has not answered, and rate-limits a flood', async () => {
		const { subject, tick } = gate();
		let release: (choice: MessageChoice) => void = () => undefined;
		const first = subject.admit(
			{ widgetId: 'w', server: 's', text: 'a' },
			() => new Promise((resolve) => (release = resolve))
		);
		const flood = await Promise.all(
			Array.from({ length: 500 }, (_, index) =>
				subject.admit({ widgetId: 'w', server: 's', text: `spam ${index}` }, async () => 'once')
			)
		);
		expect(flood.every((verdict) => !verdict.ok)).toBe(true);
		release('always');
		expect(await first).toMatchObject({ ok: true });
		let accepted = 1;
		for (let second = 0; second < 60; second++) {
			tick(1_000);
			if ((await subject.admit({ widgetId: 'w', server: 's', text: 'x' }, async () => 'once')).ok) accepted++;
		}
		expect(accepted).toBeLessThanOrEqual(MAX_PER_MINUTE + 1);
	});

	it('bounds model-context updates per view and the number of views', () => {
		const { subject } = gate();
		const views = new Set(Array.from({ length: MAX_CONTEXT_VIEWS }, (_, index) => `v${index}`));
		expect(subject.admitContext('new', views)).toBe(false);
		let admitted = 0;
		for (let index = 0; index < 100; index++) if (subject.admitContext('v0', views)) admitted++;
		expect(admitted).toBe(MAX_CONTEXT_UPDATES_PER_MINUTE);
	});
});
