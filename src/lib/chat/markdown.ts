/**
 * Assistant markdown to safe HTML, loaded on demand so marked and DOMPurify stay out of the
 * initial page load. Uses the widgets' sanitiser (one URL policy for the whole app: links
 * open in a new tab with rel="noopener noreferrer", images only from allow-listed https
 * hosts, no script, style or forms).
 */
type Renderer = (source: string) => string;

let loading: Promise<Renderer> | undefined;

/** Loads (once) and returns the markdown renderer. Browser only: DOMPurify needs a DOM. */
export function loadMarkdown(): Promise<Renderer> {
	loading ??= import('$lib/widgets/shared/sanitize-html').then((module) => module.renderMarkdown);
	return loading;
}
