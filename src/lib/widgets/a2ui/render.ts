/**
 * A2UI surfaces drawn by the A2UI project's own core: `@a2ui/web_core`'s v0.9 message
 * processor (data model, template lists, function calls, checks) and its basic catalog's web
 * components, with `@a2ui/lit`'s `<a2ui-surface>`. The media components are the app's policy
 * elements (elements.ts); Text's markdown is the app's sanitised markdown. Loaded with the
 * first A2UI surface (the widget's component imports it on demand).
 */
import { Catalog, MessageProcessor, createFunctionImplementation } from '@a2ui/web_core/v0_9';
import {
	A2uiButton,
	A2uiCard,
	A2uiCheckBox,
	A2uiChoicePicker,
	A2uiColumn,
	A2uiDateTimeInput,
	A2uiDivider,
	A2uiList,
	A2uiModal,
	A2uiRow,
	A2uiSlider,
	A2uiTabs,
	A2uiText,
	A2uiTextField,
	BASIC_FUNCTIONS,
	Context,
	RequiredApi
} from '@a2ui/web_core/v0_9/basic_catalog';
import '@a2ui/lit/v0_9';
import { renderMarkdown } from '../shared/sanitize-html';
import { policyComponents } from './elements';
import { basicCatalogIds, minimalCatalogId } from './surface';

/** A user action as the core reports it. */
export interface CoreAction {
	name: string;
	surfaceId: string;
	sourceComponentId: string;
	context: Record<string, unknown>;
}

const basicComponents = [
	A2uiButton,
	A2uiCard,
	A2uiCheckBox,
	A2uiChoicePicker,
	A2uiColumn,
	A2uiDateTimeInput,
	A2uiDivider,
	A2uiList,
	A2uiModal,
	A2uiRow,
	A2uiSlider,
	A2uiTabs,
	A2uiText,
	A2uiTextField,
	...policyComponents
];

/** The minimal catalog's one function (not in the basic catalog); its args are `{ value }`, as `required`'s. */
const capitalize = createFunctionImplementation(
	{ name: 'capitalize', returnType: 'string', schema: RequiredApi.schema },
	(args) => {
		const text = typeof args.value === 'string' ? args.value : String(args.value ?? '');
		return text.toUpperCase();
	}
);

const minimalNames = new Set(['Text', 'Row', 'Column', 'Button', 'TextField']);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the catalogs hold each component's own API type
const catalogs: Catalog<any>[] = [
	...basicCatalogIds.map((id) => new Catalog(id, basicComponents, BASIC_FUNCTIONS)),
	new Catalog(
		minimalCatalogId,
		basicComponents.filter((component) => minimalNames.has(component.name)),
		[capitalize]
	)
];

/** Text's markdown, through the app's sanitiser (links and images under the URL policy). */
const markdownRenderer = (value: string) => renderMarkdown(String(value ?? '').slice(0, 20_000));

/** Draws the surfaces of `messages` into `host`; returns the function that removes them. */
export function drawSurfaces(
	host: HTMLElement,
	messages: Array<Record<string, unknown>>,
	hooks: { onAction: (action: CoreAction) => void; onProblem: (problem: string) => void }
): () => void {
	const answerMarkdown = (event: Event) => {
		const request = event as Event & { context?: unknown; callback?: (value: unknown) => void };
		if (request.context !== Context.markdown || typeof request.callback !== 'function') return;
		event.stopPropagation();
		request.callback(markdownRenderer);
	};
	host.addEventListener('context-request', answerMarkdown);
	const processor = new MessageProcessor(catalogs, (action) =>
		hooks.onAction({
			name: String(action.name).slice(0, 200),
			surfaceId: action.surfaceId,
			sourceComponentId: action.sourceComponentId,
			context: (action.context ?? {}) as Record<string, unknown>
		})
	);
	const elements = new Map<string, HTMLElement>();
	const created = processor.onSurfaceCreated((surface) => {
		const element = document.createElement('a2ui-surface') as HTMLElement & { surface?: unknown };
		element.dataset.testid = 'a2ui-surface';
		element.dataset.surfaceId = surface.id;
		element.className = 'a2ui-surface';
		element.surface = surface;
		elements.set(surface.id, element);
		host.append(element);
	});
	const deleted = processor.onSurfaceDeleted((id) => {
		elements.get(id)?.remove();
		elements.delete(id);
	});
	for (const message of messages) {
		try {
			processor.processMessages([message as never]);
		} catch (error) {
			hooks.onProblem(error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300));
		}
	}
	return () => {
		created.unsubscribe();
		deleted.unsubscribe();
		host.removeEventListener('context-request', answerMarkdown);
		for (const element of elements.values()) element.remove();
		for (const surface of [...processor.model.surfacesMap.values()]) processor.model.deleteSurface(surface.id);
	};
}
