/**
 * Measuring the A2UI samples on the canvas. A sample "renders fully" when every component of
 * its first view (see fixtures/a2ui/samples.ts) is drawn — its element is in the widget and
 * drew something (an element or text) — and the widget shows no raw function call (`"call"`
 * JSON, `[object Object]`), no placeholder ("Loading surface", "Error rendering surface") and
 * no problem note. "Partly": some of them drawn; "not": none.
 */
import type { Locator } from '@playwright/test';
import type { A2uiSample } from '../../fixtures/a2ui/samples';

export type Verdict = 'fully' | 'partly' | 'not';

export interface SampleResult {
	name: string;
	verdict: Verdict;
	missing: string[];
	why: string[];
}

/** What the widget drew: the component ids with content, its text (shadow roots included), its problem notes. */
async function drawnIn(widget: Locator): Promise<{ drawn: string[]; text: string; problems: string[] }> {
	return widget.evaluate((root) => {
		const drawn = new Set<string>();
		const texts: string[] = [];
		const walk = (node: Element | ShadowRoot) => {
			for (const element of node.querySelectorAll('*')) {
				const id = (element as Element & { context?: { componentModel?: { id?: string } } }).context?.componentModel
					?.id;
				if (id && element.tagName.includes('-') && (element.textContent?.trim() || element.querySelector('*')))
					drawn.add(id);
				if (element.shadowRoot) {
					texts.push(element.shadowRoot.textContent ?? '');
					walk(element.shadowRoot);
				}
			}
		};
		walk(root);
		texts.push(root.textContent ?? '');
		const problems = [...root.querySelectorAll('[data-testid=a2ui-problem]')].map((note) => note.textContent ?? '');
		return { drawn: [...drawn], text: texts.join('\n'), problems };
	});
}

/** The verdict on one sample's widget. */
export async function judge(sample: A2uiSample, widget: Locator): Promise<SampleResult> {
	const { drawn, text, problems } = await drawnIn(widget);
	const missing = sample.expected.filter((id) => !drawn.includes(id));
	const why: string[] = [];
	if (missing.length) why.push(`not drawn: ${missing.join(', ')}`);
	if (/"call"\s*:|\[object Object\]/.test(text)) why.push('a function call shown as raw JSON');
	if (/Loading surface|Error rendering surface/.test(text)) why.push('a placeholder');
	why.push(...problems.map((problem) => `problem: ${problem.trim().slice(0, 200)}`));
	const verdict: Verdict = why.length === 0 ? 'fully' : missing.length < sample.expected.length ? 'partly' : 'not';
	return { name: sample.name, verdict, missing, why };
}

/** The counts of a path's results, and the lines naming what failed and why. */
export function summary(path: string, results: SampleResult[], ms: number): string {
	const count = (verdict: Verdict) => results.filter((result) => result.verdict === verdict).length;
	const lines = results
		.filter((result) => result.verdict !== 'fully')
		.map((result) => `  ${result.name} (${result.verdict}): ${result.why.join('; ')}`);
	return [
		`A2UI samples over ${path}: ${count('fully')} of ${results.length} fully, ${count('partly')} partly, ${count('not')} not (${Math.round(ms)} ms)`,
		...lines
	].join('\n');
}

/** Values typed into a surface's empty text fields and its boxes ticked, so that its checks pass (an email where one is asked). */
export async function fillFields(widget: Locator): Promise<number> {
	const fields = widget.locator(
		'input:not([type=checkbox]):not([type=range]):not([type=date]):not([type=time]), textarea'
	);
	let filled = 0;
	for (const field of await fields.all()) {
		if (!(await field.isVisible()) || (await field.inputValue()) !== '') continue;
		const hint = `${await field.getAttribute('type')} ${await field.getAttribute('name')} ${await field.getAttribute('placeholder')} ${await field.evaluate((input) => input.closest('label, div')?.textContent ?? '')}`;
		await field.fill(
			/mail/i.test(hint)
				? 'ada@example.com'
				: /phone/i.test(hint)
					? '5551234567'
					: /zip|number/i.test(hint)
						? '12345'
						: 'Passw0rd!23'
		);
		filled++;
	}
	for (const box of await widget.locator('input[type=checkbox]').all())
		if ((await box.isVisible()) && !(await box.isChecked())) await box.press('Space');
	return filled;
}
