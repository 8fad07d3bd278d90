/**
 * "Export as mock server" in the page: the session (a trace, saved calls or a Mock mode
 * scenario) as one runnable `.mjs` file, downloaded. The runtime's source comes in as raw
 * text at build time; nothing here runs it.
 */
import runtime from './mock-runtime.js?raw';
import pointer from './pointer.js?raw';
import { buildMockModule, mockFileName } from './mock-file.js';
import { readSession, type Session } from './session.js';

/** The file of a session's mock server. */
export function mockServerFile(session: Session, ignore?: readonly string[]): { name: string; text: string } {
	return { name: mockFileName(session.name), text: buildMockModule(session, { runtime, pointer, ignore }) };
}

/** Downloads the mock server of a session, or of an exported file's text (a scenario). */
export function downloadMockServer(input: Session | string, ignore?: readonly string[]): void {
	const session = typeof input === 'string' ? readSession(input) : input;
	const file = mockServerFile(session, ignore);
	const url = URL.createObjectURL(new Blob([file.text], { type: 'text/javascript' }));
	const link = document.createElement('a');
	link.href = url;
	link.download = file.name;
	document.body.append(link);
	link.click();
	link.remove();
	setTimeout(() => URL.revokeObjectURL(url), 1000);
}
