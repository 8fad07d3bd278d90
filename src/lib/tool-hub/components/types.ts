/** Runs one action of a source row; what it throws is shown under the row (see SourceRow). */
export type RowAct = (action: () => unknown) => void;

/** What a kind's row takes: the list that changes it, its entry, and the workbench opener. */
export interface KindRowProps<List, Entry> {
	list: List;
	entry: Entry;
	/** Opens the source's workbench (call its tools by hand); absent, the row offers none. */
	onOpenWorkbench?: (server: string) => void;
}
