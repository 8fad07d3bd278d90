/**
 * DuckDB values as JSON a model and a widget can use directly: 64- and 128-bit integers as
 * numbers when they are exact (else strings), decimals as numbers, dates as `YYYY-MM-DD`,
 * timestamps as ISO 8601 strings, non-finite floats as strings.
 */
import {
	DuckDBTypeId,
	JsonDuckDBValueConverter,
	dateFromTimestampMillisecondsValue,
	dateFromTimestampNanosecondsValue,
	dateFromTimestampSecondsValue,
	dateFromTimestampTZValue,
	dateFromTimestampValue,
	doubleFromDecimalValue,
	type DuckDBValue,
	type DuckDBValueConverter,
	type Json
} from '@duckdb/node-api';

/** A JSON value (what every converted cell is). */
export type JsonValue = Json;

const TIMESTAMP_READERS: Partial<Record<DuckDBTypeId, (value: DuckDBValue) => Date>> = {
	[DuckDBTypeId.TIMESTAMP]: dateFromTimestampValue,
	[DuckDBTypeId.TIMESTAMP_S]: dateFromTimestampSecondsValue,
	[DuckDBTypeId.TIMESTAMP_MS]: dateFromTimestampMillisecondsValue,
	[DuckDBTypeId.TIMESTAMP_NS]: dateFromTimestampNanosecondsValue,
	[DuckDBTypeId.TIMESTAMP_TZ]: dateFromTimestampTZValue
};

/** A bigint as a number when it is exactly representable, otherwise as its decimal string. */
export function bigintToJson(value: bigint): number | string {
	return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
		? Number(value)
		: value.toString();
}

/** Converts one DuckDB value (recursing into lists, structs and maps) to JSON. */
export const jsonSafeConverter: DuckDBValueConverter<Json> = (value, type, converter) => {
	if (value === null || value === undefined) return null;
	const readTimestamp = TIMESTAMP_READERS[type.typeId];
	if (readTimestamp) {
		try {
			return readTimestamp(value).toISOString();
		} catch {
			return String(value);
		}
	}
	switch (type.typeId) {
		case DuckDBTypeId.BIGINT:
		case DuckDBTypeId.UBIGINT:
		case DuckDBTypeId.HUGEINT:
		case DuckDBTypeId.UHUGEINT:
		case DuckDBTypeId.BIGNUM:
			return typeof value === 'bigint' ? bigintToJson(value) : String(value);
		case DuckDBTypeId.DECIMAL:
			return doubleFromDecimalValue(value);
		case DuckDBTypeId.FLOAT:
		case DuckDBTypeId.DOUBLE:
			return typeof value === 'number' && Number.isFinite(value) ? value : String(value);
		default:
			return JsonDuckDBValueConverter(value, type, converter);
	}
};
