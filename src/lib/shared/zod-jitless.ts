/**
 * The MCP SDK validates with zod, which probes `new Function` once to decide whether to
 * compile fast parsers. Under our CSP (no 'unsafe-eval') the probe fails quietly but Chromium
 * still reports a CSP violation. zod reads its settings from `globalThis.__zod_globalConfig`,
 * so setting `jitless` there before any zod module loads skips the probe; the app's layout
 * imports this first.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
