/**
 * Starts the production build on a free loopback port for a benchmark and stops it after.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../fixtures/net';

/** Runs `fn` with the base URL of a freshly started app server, then stops the server. */
export async function withAppServer<T>(fn: (baseUrl: string) => Promise<T>): Promise<T> {
	const port = await freePort();
	const outDir = process.env.AUTOUI_OUT || 'build';
	const child = spawn(process.execPath, [join(process.cwd(), outDir, 'index.js')], {
		env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
		stdio: ['ignore', 'pipe', 'inherit']
	});
	try {
		await new Promise<void>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error('the app server did not start in 30 s')), 30_000);
			child.stdout!.on('data', (chunk: Buffer) => {
				if (/Listening on/.test(chunk.toString())) {
					clearTimeout(timer);
					resolve();
				}
			});
			child.once('exit', (code) => reject(new Error(`the app server exited with ${code}`)));
		});
		return await fn(`http://127.0.0.1:${port}`);
	} finally {
		child.kill('SIGTERM');
	}
}

/** Chromium launch options for browser benchmarks (the same as the journeys'). */
export { chromiumLaunch } from '../fixtures/chromium';
