/**
 * The page's `ToolHub` in runes: registering or removing a source is a change its readers
 * (templates, `$derived`, effects) follow. The sources' own getters are reactive already.
 */
import { ToolHub } from './tool-hub';

/** A `ToolHub` whose list of sources is runes state. */
export class ReactiveToolHub extends ToolHub {
	#revision = $state(0);

	protected override track(): void {
		void this.#revision;
	}

	protected override changed(): void {
		this.#revision += 1;
	}
}
