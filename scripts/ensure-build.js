/** Builds the app if the build is missing or older than its sources. */
import { ensureBuild } from './build-state.js';

await ensureBuild();
