/**
 * The mocks in use and the saved scenarios, kept on this device (localStorage). Verbs change
 * them; `find` answers the agent's "is this tool mocked?" and `wrap` puts the mocks in front
 * of the tool servers of a turn.
 */
import { browserStorage, AutoUiError, errorMessage, tryParseJson, type ToolServer } from '$lib/shared';
import { mockKey, parseMock, parseScenario, toScenario, type MockScenario, type ToolMock } from './mock-set';
import { withMocks } from './with-mocks';

const activeKey = 'autoui.mocks.v1';
const scenariosKey = 'autoui.mock-scenarios.v1';

/** Mocks of tools, and scenarios of them. */
export class MockStore {
	#mocks = $state.raw<ToolMock[]>([]);
	#scenarios = $state.raw<MockScenario[]>([]);
	#storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;

	constructor(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = browserStorage()) {
		this.#storage = storage;
		const active = tryParseJson(this.#read(activeKey));
		this.#mocks = Array.isArray(active) ? active.flatMap((item) => this.#safe(() => parseMock(item)) ?? []) : [];
		const saved = tryParseJson(this.#read(scenariosKey));
		this.#scenarios = Array.isArray(saved) ? saved.flatMap((item) => this.#safe(() => parseScenario(item)) ?? []) : [];
	}

	/** The mocks in use. */
	get mocks(): ToolMock[] {
		return this.#mocks;
	}

	/** The saved scenarios. */
	get scenarios(): MockScenario[] {
		return this.#scenarios;
	}

	/** The mock of a tool, if it is mocked. */
	find = (server: string, protocol: ToolServer['protocol'], tool: string): ToolMock | undefined => {
		const key = mockKey({ server, protocol, tool });
		return this.#mocks.find((mock) => mockKey(mock) === key);
	};

	/** The servers with the mocks in front. */
	wrap(servers: ToolServer[]): ToolServer[] {
		return this.#mocks.length ? servers.map((server) => withMocks(server, this.find)) : servers;
	}

	/** Mocks a tool (replacing its previous mock). Throws naming the field that is wrong. */
	set(mock: ToolMock): void {
		const checked = parseMock(mock);
		const key = mockKey(checked);
		this.#mocks = [...this.#mocks.filter((entry) => mockKey(entry) !== key), checked];
		this.#save();
	}

	/** Stops mocking a tool. */
	remove(mock: Pick<ToolMock, 'server' | 'protocol' | 'tool'>): void {
		const key = mockKey(mock);
		this.#mocks = this.#mocks.filter((entry) => mockKey(entry) !== key);
		this.#save();
	}

	/** Stops mocking every tool. */
	clear(): void {
		this.#mocks = [];
		this.#save();
	}

	/** Saves the mocks in use as a named scenario (replacing one of the same name). */
	saveScenario(name: string): MockScenario {
		if (!this.#mocks.length) throw new AutoUiError('invalid_argument', 'No tool is mocked; mock a tool first.');
		const scenario = toScenario(name, this.#mocks);
		this.#scenarios = [...this.#scenarios.filter((entry) => entry.name !== scenario.name), scenario];
		this.#save();
		return scenario;
	}

	/** Uses a scenario's mocks (the mocks in use are replaced). */
	loadScenario(scenario: MockScenario | string): MockScenario {
		const parsed = parseScenario(scenario);
		this.#mocks = parsed.mocks;
		if (!this.#scenarios.some((entry) => entry.name === parsed.name)) this.#scenarios = [...this.#scenarios, parsed];
		this.#save();
		return parsed;
	}

	/** Forgets a saved scenario. */
	deleteScenario(name: string): void {
		this.#scenarios = this.#scenarios.filter((entry) => entry.name !== name);
		this.#save();
	}

	/** The mocks in use as an exportable scenario (JSON text). */
	exportScenario(name: string): string {
		return JSON.stringify(toScenario(name, this.#mocks), null, 2);
	}

	#read(key: string): string {
		try {
			return this.#storage?.getItem(key) ?? '';
		} catch {
			return '';
		}
	}

	#safe<T>(run: () => T): T | undefined {
		try {
			return run();
		} catch {
			return undefined;
		}
	}

	#save(): void {
		try {
			this.#storage?.setItem(activeKey, JSON.stringify(this.#mocks));
			this.#storage?.setItem(scenariosKey, JSON.stringify(this.#scenarios));
		} catch (error) {
			throw new AutoUiError(
				'internal',
				`The mocks could not be saved on this device (${errorMessage(error)}); they apply for this visit.`
			);
		}
	}
}
