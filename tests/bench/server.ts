/**
 * What browser benchmarks share: the app server (started from the production build on a
 * free loopback port, stopped after) and Chromium's launch options.
 */
export { withAppServer } from '../fixtures/app-server';
/** Chromium launch options for browser benchmarks (the same as the journeys'). */
export { chromiumLaunch } from '../fixtures/chromium';
