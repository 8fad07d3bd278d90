/**
 * Arrow results of DuckDB-WASM as the datasets server's JSON: DuckDB type names for the
 * columns, and values a model and a widget use directly (64-bit integers as numbers when
 * exact, else text; dates `YYYY-MM-DD`; timestamps ISO 8601; non-finite floats as text).
 * Reads Arrow's type ids, so the page needs no Arrow import of its own.
 */

/** The part of an Arrow data type this reads. */
export interface ArrowType {
	typeId: number;
	bitWidth?: number;
	isSigned?: boolean;
	precision?: number;
	unit?: number;
	children?: { type: ArrowType }[];
	valueType?: ArrowType;
	dictionary?: ArrowType;
	toString(): string;
}

/** Arrow's `Type` enum values used here. */
const T = {
	Int: 2,
	Float: 3,
	Binary: 4,
	Utf8: 5,
	Bool: 6,
	Decimal: 7,
	Date: 8,
	Time: 9,
	Timestamp: 10,
	Interval: 11,
	List: 12,
	Struct: 13,
	Dictionary: -1,
	LargeUtf8: 20
};

/** The DuckDB name of an Arrow type as DuckDB-WASM returns it. */
export function duckTypeName(type: ArrowType): string {
	switch (type.typeId) {
		case T.Int: {
			const name = { 8: 'TINYINT', 16: 'SMALLINT', 32: 'INTEGER', 64: 'BIGINT' }[type.bitWidth ?? 32] ?? 'INTEGER';
			return type.isSigned === false ? `U${name}` : name;
		}
		case T.Float:
			return type.precision === 1 ? 'FLOAT' : 'DOUBLE';
		case T.Utf8:
		case T.LargeUtf8:
			return 'VARCHAR';
		case T.Bool:
			return 'BOOLEAN';
		case T.Decimal:
			return 'DECIMAL';
		case T.Date:
			return 'DATE';
		case T.Time:
			return 'TIME';
		case T.Timestamp:
			return 'TIMESTAMP';
		case T.Interval:
			return 'INTERVAL';
		case T.Binary:
			return 'BLOB';
		case T.List: {
			const child = type.children?.[0]?.type ?? type.valueType;
			return `${child ? duckTypeName(child) : 'VARCHAR'}[]`;
		}
		case T.Struct:
			return 'STRUCT';
		case T.Dictionary:
			return type.dictionary ? duckTypeName(type.dictionary) : 'VARCHAR';
		default:
			return String(type).toUpperCase();
	}
}

function isoDate(ms: number): string {
	return new Date(ms).toISOString().slice(0, 10);
}

/** One Arrow value as JSON, given its type. */
export function jsonValue(value: unknown, type: ArrowType): unknown {
	if (value === null || value === undefined) return null;
	if (typeof value === 'bigint')
		return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
			? Number(value)
			: value.toString();
	if (type.typeId === T.Date) return isoDate(value instanceof Date ? value.getTime() : Number(value));
	if (type.typeId === T.Timestamp) {
		const ms = value instanceof Date ? value.getTime() : Number(value);
		return Number.isFinite(ms) ? new Date(ms).toISOString() : String(value);
	}
	if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
	if (type.typeId === T.List) {
		const child = type.children?.[0]?.type ?? type.valueType;
		const items =
			typeof (value as { toArray?: unknown }).toArray === 'function' ? [...(value as Iterable<unknown>)] : [];
		return items.map((item) => (child ? jsonValue(item, child) : item));
	}
	if (type.typeId === T.Struct && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
		const object = (value as { toJSON(): Record<string, unknown> }).toJSON();
		const fields = type.children ?? [];
		return Object.fromEntries(
			Object.entries(object).map(([key, item], index) => [
				key,
				fields[index] ? jsonValue(item, fields[index].type) : item
			])
		);
	}
	if (value instanceof Uint8Array) return `<${value.length} bytes>`;
	return value;
}
