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

describe('sending through the gate', () => {
	it('sends an admitted message only while the chat is free, before and after the user answers', async () => {
		const { subject } = gate();
		const sent: string[] = [];
		let busy = true;
		const chat = { busy: () => busy, send: (text: string) => void sent.push(text) };
		const request = { widgetId: 'w', server: 's', text: 'hi' };
		expect(await subject.send(request, async () => 'once', chat)).toMatchObject({ ok: false, error: /answering/ });
		busy = false;
		expect(await subject.send(request, async () => ((busy = true), 'once'), chat)).toMatchObject({ ok: false });
		expect(sent).toEqual([]);
		busy = false;
		expect(await subject.send({ ...request, widgetId: 'w2' }, async () => 'once', chat)).toEqual({ ok: true });
		expect(sent).toEqual(['[Message from the view of "s"] hi']);
	});

	it('keeps a bounded context per view and clears it without text', () => {
		const { subject } = gate();
		const contexts = new Map<string, { server: string; text: string }>();
		subject.keepContext(contexts, 'w', 's', 'x'.repeat(10_000));
		expect(contexts.get('w')?.text.length).toBe(4_000);
		subject.keepContext(contexts, 'w', 's', undefined);
		expect(contexts.size).toBe(0);
		for (let index = 0; index <= MAX_CONTEXT_VIEWS; index++) subject.keepContext(contexts, `v${index}`, 's', 'ctx');
		expect(contexts.size).toBe(MAX_CONTEXT_VIEWS);
	});
});
