/**
 * The canvas parameters: named values (see `shared/param-values.ts`) that widgets' sources
 * bind with `{"$param": name}`, that selections and filter widgets set, and that the model
 * lists and sets. Changed only through verbs; every change is checked (a bad name or value is
 * an error, never stored) and reported once to the listeners (persistence, the runs of the
 * bound sources). Like the selection, a parameter change is not an undo step: the chip's
 * clear button takes it back. The widgets whose sources are running again are `busy`.
 */
import {
	checkParamValue,
	paramLimits,
	paramNameError,
	pickParamValue,
	sameParamValue,
	type ParamScalar,
	type ParamValue,
	type ParamValues
} from '$lib/shared';

/** Told the names whose values changed. */
export type ParamsListener = (names: readonly string[]) => void;

/** The outcome of a change. */
export type ParamChange = { ok: true; changed: boolean } | { ok: false; error: string };

/** Reactive parameter values with verb methods. */
export class CanvasParams {
	#values = $state.raw<ParamValues>({});
	#busy = $state.raw<ReadonlySet<string>>(new Set());
	#listeners = new Set<ParamsListener>();

	/** The set parameters by name (an unset parameter is absent). */
	get values(): ParamValues {
		return this.#values;
	}

	/** The names of the set parameters, sorted. */
	get names(): string[] {
		return Object.keys(this.#values).sort();
	}

	/** A parameter's value (`null` when unset). */
	get(name: string): ParamValue {
		return Object.hasOwn(this.#values, name) ? this.#values[name] : null;
	}

	/** Sets (or, with `null`, clears) one parameter. */
	set(name: string, value: unknown): ParamChange {
		return this.setMany({ [name]: value });
	}

	/** A click on a mark: selects `value`, clears it, or (additive) adds it to the list or takes it out. */
	pick(name: string, value: ParamScalar, additive = false): ParamChange {
		return this.set(name, pickParamValue(this.get(name), value, additive));
	}

	/** Clears a parameter. */
	clear(name: string): ParamChange {
		return this.set(name, null);
	}

	/** Sets several parameters in one change (one notification); nothing changes when one is invalid. */
	setMany(values: Readonly<Record<string, unknown>>): ParamChange {
		const next: Record<string, ParamValue> = { ...this.#values };
		const changed: string[] = [];
		for (const [name, value] of Object.entries(values)) {
			const badName = paramNameError(name);
			if (badName) return { ok: false, error: badName };
			const checked = checkParamValue(value);
			if (!checked.ok) return { ok: false, error: `${name}: ${checked.error}` };
			if (sameParamValue(this.get(name), checked.value)) continue;
			if (checked.value === null) delete next[name];
			else next[name] = checked.value;
			changed.push(name);
		}
		if (Object.keys(next).length > paramLimits.count)
			return { ok: false, error: `a canvas holds at most ${paramLimits.count} parameters` };
		if (changed.length === 0) return { ok: true, changed: false };
		this.#values = next;
		this.#emit(changed);
		return { ok: true, changed: true };
	}

	/**
	 * Replaces every value (a restored, imported or shared canvas): invalid entries are
	 * skipped and described. Listeners hear of it unless `quiet`.
	 */
	replace(values: unknown, { quiet = false } = {}): string[] {
		const problems: string[] = [];
		const next: Record<string, ParamValue> = {};
		const entries =
			values !== null && typeof values === 'object' && !Array.isArray(values) ? Object.entries(values) : [];
		for (const [name, value] of entries.slice(0, paramLimits.count)) {
			const badName = paramNameError(name);
			const checked = checkParamValue(value);
			if (badName) problems.push(badName);
			else if (!checked.ok) problems.push(`${name}: ${checked.error}`);
			else if (checked.value !== null) next[name] = checked.value;
		}
		if (entries.length > paramLimits.count) problems.push(`only the first ${paramLimits.count} parameters were kept`);
		const changed = [...new Set([...Object.keys(this.#values), ...Object.keys(next)])].filter(
			(name) => !sameParamValue(this.get(name), next[name])
		);
		this.#values = next;
		if (changed.length && !quiet) this.#emit(changed);
		return problems;
	}

	/** Calls `listener` after every change; returns the function that stops it. */
	listen(listener: ParamsListener): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/** True while the widget's source runs again for new parameter values. */
	isBusy(id: string): boolean {
		return this.#busy.has(id);
	}

	/** Marks a widget busy (its source is running for new values) or done. */
	setBusy(id: string, busy: boolean): void {
		if (this.#busy.has(id) === busy) return;
		const next = new Set(this.#busy);
		if (busy) next.add(id);
		else next.delete(id);
		this.#busy = next;
	}

	#emit(names: readonly string[]): void {
		for (const listener of [...this.#listeners]) {
			try {
				listener(names);
			} catch {
				// One failing listener must not stop the others (persistence, the source runs).
			}
		}
	}
}
