/**
 * The app's own datasets endpoint (`/mcp/datasets`): one handler per server process, made on
 * first use from the server's environment — same origin only, under the app's host names,
 * engine and per-client session limits from `DATASETS_*` — and drained when the process stops. `/healthz` reads its
 * state without starting the engine.
 */
import {
	createDatasetsHttpHandler,
	engineOptionsFromEnv,
	getDatasetEngine,
	sessionOptionsFromEnv,
	type DatasetsHttpHandler
} from './datasets';
import { hostPolicyFromEnv } from './host-guard';
import { onDrain } from './lifecycle';

let handler: DatasetsHttpHandler | undefined;

/**
 * The process's handler. `env` is the server environment (`$env/dynamic/private`); `watchSignals`
 * is true in the production server (see lifecycle.ts).
 */
export function appDatasets(env: Record<string, string | undefined>, watchSignals: boolean): DatasetsHttpHandler {
	if (handler) return handler;
	const engineOptions = engineOptionsFromEnv(env);
	const created = createDatasetsHttpHandler({
		...sessionOptionsFromEnv(env),
		sameOriginOnly: true,
		hosts: hostPolicyFromEnv(env),
		engine: () => getDatasetEngine(engineOptions)
	});
	onDrain(() => created.drain(), watchSignals);
	handler = created;
	return created;
}

/** The handler's state, or undefined while no request has made it. */
export function appDatasetsStatus(): ReturnType<DatasetsHttpHandler['status']> | undefined {
	return handler?.status();
}
