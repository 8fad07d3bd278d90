/**
 * What a View is told about the app (`hostContext` in the `ui/initialize` answer and in
 * `host-context-changed`): theme, the spec's standard CSS variables filled from our design
 * tokens, locale, time zone, platform, the display modes we offer and the frame's size.
 */

/** The spec's CSS variable → the design token it takes its value from. */
const tokenFor: Record<string, string> = {
	'--color-background-primary': '--surface',
	'--color-background-secondary': '--surface-2',
	'--color-background-tertiary': '--surface-3',
	'--color-background-info': '--info-soft',
	'--color-background-danger': '--danger-soft',
	'--color-background-success': '--success-soft',
	'--color-background-warning': '--warning-soft',
	'--color-text-primary': '--text',
	'--color-text-secondary': '--text-muted',
	'--color-text-tertiary': '--text-faint',
	'--color-text-info': '--info',
	'--color-text-danger': '--danger',
	'--color-text-success': '--success',
	'--color-text-warning': '--warning',
	'--color-border-primary': '--border-strong',
	'--color-border-secondary': '--border',
	'--color-ring-primary': '--focus-ring',
	'--font-sans': '--font-sans',
	'--font-mono': '--font-mono',
	'--font-text-xs-size': '--text-xs',
	'--font-text-sm-size': '--text-sm',
	'--font-text-md-size': '--text-md',
	'--font-text-lg-size': '--text-lg',
	'--border-radius-sm': '--radius-sm',
	'--border-radius-md': '--radius',
	'--border-radius-lg': '--radius-lg',
	'--shadow-sm': '--shadow-sm',
	'--shadow-md': '--shadow',
	'--shadow-lg': '--shadow-lg'
};

/** The standard variables with the values the page's tokens have now (after a theme change too). */
export function hostStyleVariables(root: Element = document.documentElement): Record<string, string> {
	const computed = getComputedStyle(root);
	const variables: Record<string, string> = {};
	for (const [name, token] of Object.entries(tokenFor)) {
		const value = computed.getPropertyValue(token).trim();
		if (value && value.length <= 500) variables[name] = value;
	}
	return variables;
}

/** The size of the frame a View fills (the spec's fixed `containerDimensions`). */
export function containerDimensions(element: Element): { width: number; height: number } {
	const { width, height } = element.getBoundingClientRect();
	return { width: Math.round(width), height: Math.round(height) };
}

/** The context parts that do not depend on the frame. */
export function environmentContext(theme: 'light' | 'dark'): Record<string, unknown> {
	const format = Intl.DateTimeFormat().resolvedOptions();
	return {
		theme,
		styles: { variables: hostStyleVariables() },
		locale: navigator.language || format.locale,
		timeZone: format.timeZone,
		platform: 'web',
		userAgent: 'autoui',
		deviceCapabilities: { touch: navigator.maxTouchPoints > 0, hover: matchMedia('(hover: hover)').matches },
		availableDisplayModes: ['inline', 'fullscreen']
	};
}
