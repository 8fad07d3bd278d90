import { describe, expect, it } from 'vitest';
import { engineOptionsFromEnv } from './env';

describe('engineOptionsFromEnv', () => {
	it('reads the limits a team sets and leaves the others to the engine', () => {
		expect(
			engineOptionsFromEnv({
				DATASETS_MAX_QUERIES: '8',
				DATASETS_QUERIES_PER_CLIENT: '2',
				DATASETS_MAX_QUEUED: ' 100 ',
				DATASETS_MEMORY_LIMIT: '4GB'
			})
		).toEqual({
			maxConcurrentQueries: 8,
			maxQueriesPerClient: 2,
			maxQueuedQueries: 100,
			memoryLimit: '4GB'
		});
		expect(engineOptionsFromEnv({})).toEqual({});
	});

	it('refuses a value that is not a whole number, naming the variable', () => {
		expect(() => engineOptionsFromEnv({ DATASETS_TIMEOUT_MS: '10s' })).toThrow(
			/DATASETS_TIMEOUT_MS must be a whole number .* "10s"/
		);
	});
});
