/**
 * Where a toolbar action is drawn (`Toolbar.svelte`): in the row, or as an item of the
 * "more" menu. One snippet draws the action both ways from this.
 */
export interface ActionPlace {
	/** `menuitem` in the menu; none in the row. */
	readonly role: 'menuitem' | undefined;
	readonly inMenu: boolean;
	/** A click handler that runs `action` (with no arguments), closing the menu first when in it. */
	run(action: () => void): () => void;
}

/** An action in the toolbar's row. */
export const inRow: ActionPlace = { role: undefined, inMenu: false, run: (action) => () => action() };

/** An action in the "more" menu; `close` closes the menu (focus goes back to its trigger). */
export function inMenu(close: () => void): ActionPlace {
	return {
		role: 'menuitem',
		inMenu: true,
		run: (action) => () => {
			close();
			action();
		}
	};
}
