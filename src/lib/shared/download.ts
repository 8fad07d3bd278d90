/** Saves generated content (CSV, SVG, PNG) as a file through a temporary blob: link. */

/** Downloads `content` under `filename`; the object URL is revoked right after. */
export function downloadText(content: string | Blob, filename: string, type = 'text/plain'): void {
	const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
	const href = URL.createObjectURL(blob);
	downloadUrl(href, filename);
	setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** Downloads a same-document URL (blob: or data:) under `filename`. */
export function downloadUrl(href: string, filename: string): void {
	const anchor = document.createElement('a');
	anchor.href = href;
	anchor.download = filename;
	anchor.rel = 'noopener';
	document.body.append(anchor);
	anchor.click();
	anchor.remove();
}
