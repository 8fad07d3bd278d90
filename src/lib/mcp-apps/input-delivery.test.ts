import { describe, expect, it } from 'vitest';
import { InputDelivery } from './input-delivery';

function setup() {
	const sent: string[] = [];
	const delivery = new InputDelivery({
		partial: (args) => sent.push(`partial ${JSON.stringify(args)}`),
		input: (args) => sent.push(`input ${JSON.stringify(args)}`)
	});
	return { sent, delivery };
}

describe('InputDelivery', () => {
	it('coalesces partial input before the View is ready to the latest one', () => {
		const { sent, delivery } = setup();
		delivery.partial({ c: 'A' });
		delivery.partial({ c: 'Am' });
		delivery.partial({ c: 'Ams' });
		expect(sent).toEqual([]);
		delivery.ready();
		expect(sent).toEqual(['partial {"c":"Ams"}']);
		delivery.partial({ c: 'Amst' });
		delivery.final({ c: 'Amsterdam' });
		expect(sent).toEqual(['partial {"c":"Ams"}', 'partial {"c":"Amst"}', 'input {"c":"Amsterdam"}']);
		expect(delivery.inputSent).toBe(true);
	});

	it('sends only the whole input when it arrived before the View was ready', () => {
		const { sent, delivery } = setup();
		delivery.partial({ c: 'Am' });
		delivery.final({ c: 'Amsterdam' });
		delivery.partial({ c: 'late' });
		expect(delivery.inputSent).toBe(false);
		delivery.ready();
		delivery.ready();
		expect(sent).toEqual(['input {"c":"Amsterdam"}']);
	});

	it('sends the whole input once, and no partial after it', () => {
		const { sent, delivery } = setup();
		delivery.ready();
		delivery.final({ a: 1 });
		delivery.final({ a: 2 });
		delivery.partial({ a: 3 });
		expect(sent).toEqual(['input {"a":1}']);
	});
});
