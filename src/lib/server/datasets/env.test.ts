import { describe, expect, it } from 'vitest';
import { engineOptionsFromEnv, sessionOptionsFromEnv } from './env';

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

describe('sessionOptionsFromEnv', () => {
	it('reads the per-client session limits', () => {
		expect(sessionOptionsFromEnv({ DATASETS_SESSIONS_PER_CLIENT: '8', DATASETS_SESSIONS_PER_MINUTE: '120' })).toEqual({
			sessionsPerClient: 8,
			sessionsPerMinute: 120
		});
		expect(sessionOptionsFromEnv({})).toEqual({});
		expect(() => sessionOptionsFromEnv({ DATASETS_SESSIONS_PER_CLIENT: '0' })).toThrow(
			/DATASETS_SESSIONS_PER_CLIENT must be a whole number of at least 1/
		);
	});
});
