/**
 * The basic catalog's media components under the app's policies, as web components beside
 * `@a2ui/web_core`'s own: Image and the media players load only through the URL policy and
 * the image consent (a host the user has not approved shows a "Load" button, as SafeImage
 * does), and Icon draws its names as glyphs from the page (the reference element needs the
 * Material Icons font from the network). Same component APIs (schemas), other tags.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { ComponentApi } from '@a2ui/web_core/v0_9';
import {
	AudioPlayerApi,
	BasicCatalogA2uiLitElement,
	IconApi,
	ImageApi,
	VideoApi
} from '@a2ui/web_core/v0_9/basic_catalog';
import { imageHosts } from '../shared/image-hosts.svelte';
import { safeImageUrl, safeLinkUrl, urlHost } from '../shared/url';
import { iconGlyph } from './icons';

/** The live consent-gated elements, redrawn when the user approves a host. */
const gated = new Set<{ requestUpdate(): void }>();

function approve(host: string, remember: boolean): void {
	imageHosts.approve(host, { remember });
	for (const element of gated) element.requestUpdate();
}

/** The "not loaded yet" box with the app's consent buttons, or a refusal when the address is not allowed. */
function consent(what: string, url: unknown, label: string): TemplateResult {
	const host = urlHost(url);
	const askable = host && safeLinkUrl(url)?.startsWith('https:');
	if (!askable)
		return html`<div class="autoui-a2ui-media-note" role="img" aria-label=${label || what}>
			${label || what}<small> — ${host ? `${host} is not allowed` : 'address not allowed'}</small>
		</div>`;
	return html`<div class="autoui-a2ui-media-note" role="group" data-testid="image-ask" data-host=${host}>
		<span>${label || what}<small> — from ${host}, not loaded yet</small></span>
		<span class="autoui-a2ui-media-buttons">
			<button type="button" data-testid="image-load" @click=${() => approve(host, false)}>
				Load ${what.toLowerCase()}
			</button>
			<button type="button" data-testid="image-load-always" @click=${() => approve(host, true)}>
				Always allow ${host}
			</button>
		</span>
	</div>`;
}

/** An https media address from an approved host, or undefined. */
function approvedMedia(url: unknown): string | undefined {
	const link = safeLinkUrl(url);
	return link?.startsWith('https:') && imageHosts.hosts.includes(urlHost(link)) ? link : undefined;
}

const noteStyles = css`
	.autoui-a2ui-media-note {
		display: flex;
		flex-direction: column;
		align-items: center;
		justify-content: center;
		gap: 4px;
		min-height: 48px;
		padding: var(--space-2, 8px);
		background: var(--surface-2, #f4f4f4);
		color: var(--text-muted, #666);
		font-size: var(--text-xs, 12px);
		text-align: center;
		overflow-wrap: anywhere;
	}
	.autoui-a2ui-media-note small {
		display: block;
	}
	.autoui-a2ui-media-buttons {
		display: flex;
		flex-wrap: wrap;
		gap: 4px;
		justify-content: center;
	}
`;

class GatedElement<Api extends ComponentApi> extends BasicCatalogA2uiLitElement<Api> {
	connectedCallback(): void {
		super.connectedCallback();
		gated.add(this);
	}
	disconnectedCallback(): void {
		super.disconnectedCallback();
		gated.delete(this);
	}
}

class PolicyImage extends GatedElement<typeof ImageApi> {
	protected readonly api = ImageApi;
	static styles = [
		noteStyles,
		css`
			.a2ui-image {
				display: block;
				max-width: 100%;
				max-height: 480px;
				height: auto;
				border-radius: var(--radius);
			}
			.a2ui-image.icon {
				width: 24px;
				height: 24px;
			}
			.a2ui-image.avatar {
				width: 40px;
				height: 40px;
				border-radius: 50%;
			}
			.a2ui-image.smallFeature {
				max-width: 100px;
			}
			.a2ui-image.header {
				width: 100%;
				height: 200px;
			}
		`
	];
	render() {
		const props = this.controller?.props as { url?: unknown; description?: unknown; fit?: string; variant?: string };
		if (!props) return nothing;
		const src = safeImageUrl(props.url, imageHosts.hosts);
		const alt = typeof props.description === 'string' ? props.description : '';
		if (!src) return consent('Image', props.url, alt);
		const fit = props.fit === 'scaleDown' ? 'scale-down' : (props.fit ?? 'fill');
		return html`<img
			class="a2ui-image ${props.variant ?? 'mediumFeature'}"
			src=${src}
			alt=${alt}
			loading="lazy"
			decoding="async"
			referrerpolicy="no-referrer"
			style="object-fit: ${fit}"
		/>`;
	}
}

class PolicyVideo extends GatedElement<typeof VideoApi> {
	protected readonly api = VideoApi;
	static styles = [
		noteStyles,
		css`
			video {
				width: 100%;
				max-height: 480px;
			}
		`
	];
	render() {
		const props = this.controller?.props as { url?: unknown };
		if (!props) return nothing;
		const src = approvedMedia(props.url);
		return src
			? html`<video src=${src} controls preload="none" referrerpolicy="no-referrer"></video>`
			: consent('Video', props.url, '');
	}
}

class PolicyAudio extends GatedElement<typeof AudioPlayerApi> {
	protected readonly api = AudioPlayerApi;
	static styles = [
		noteStyles,
		css`
			audio {
				width: 100%;
			}
		`
	];
	render() {
		const props = this.controller?.props as { url?: unknown; description?: unknown };
		if (!props) return nothing;
		const src = approvedMedia(props.url);
		const label = typeof props.description === 'string' ? props.description : '';
		return src
			? html`<figure>
					${label ? html`<figcaption>${label}</figcaption>` : nothing}
					<audio src=${src} controls preload="none"></audio>
				</figure>`
			: consent('Audio', props.url, label);
	}
}

class GlyphIcon extends BasicCatalogA2uiLitElement<typeof IconApi> {
	protected readonly api = IconApi;
	static styles = css`
		.autoui-a2ui-icon {
			display: inline-flex;
			align-items: center;
			justify-content: center;
			width: var(--a2ui-icon-size, 24px);
			height: var(--a2ui-icon-size, 24px);
			font-size: calc(var(--a2ui-icon-size, 24px) * 0.8);
			line-height: 1;
			color: var(--a2ui-icon-color, currentColor);
		}
		svg.autoui-a2ui-icon {
			fill: currentColor;
		}
	`;
	render() {
		const props = this.controller?.props as { name?: unknown };
		if (!props) return nothing;
		const name = props.name;
		if (name && typeof name === 'object' && typeof (name as { svgPath?: unknown }).svgPath === 'string')
			return html`<svg class="autoui-a2ui-icon" viewBox="0 0 24 24" aria-hidden="true">
				<path d=${(name as { svgPath: string }).svgPath.slice(0, 10_000)}></path>
			</svg>`;
		const label = typeof name === 'string' ? name : '';
		return html`<span class="autoui-a2ui-icon" role="img" aria-label=${label} data-icon=${label}
			>${iconGlyph(label)}</span
		>`;
	}
}

const defined: Array<[string, CustomElementConstructor]> = [
	['autoui-a2ui-image', PolicyImage],
	['autoui-a2ui-video', PolicyVideo],
	['autoui-a2ui-audio', PolicyAudio],
	['autoui-a2ui-icon', GlyphIcon]
];
for (const [tag, element] of defined) if (!customElements.get(tag)) customElements.define(tag, element);

/** The policy implementations of the basic catalog's media components. */
export const policyComponents = [
	{ ...ImageApi, tagName: 'autoui-a2ui-image' },
	{ ...VideoApi, tagName: 'autoui-a2ui-video' },
	{ ...AudioPlayerApi, tagName: 'autoui-a2ui-audio' },
	{ ...IconApi, tagName: 'autoui-a2ui-icon' }
];
