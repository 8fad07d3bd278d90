/** The narrow-screen (phone) layout: below this width the panes become tabs. */

/** Media query of the tabbed layout; phones and narrow windows, where three panes cannot fit. */
export const narrowQuery = '(max-width: 799px)';

/** The panes of the tabbed layout. */
export type PaneTab = 'chat' | 'canvas' | 'console';
