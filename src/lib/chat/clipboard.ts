/**
 * Copying text for the chat's copy buttons. The Clipboard API needs a secure context and the
 * user's gesture; when it is missing or refused, the caller shows "Copy failed" rather than
 * pretending it worked.
 */

/** Copies `text`; resolves false when the browser refused. */
export async function copyText(text: string): Promise<boolean> {
	try {
		await navigator.clipboard.writeText(text);
		return true;
	} catch {
		return false;
	}
}
