/** Rows the table tests share: mixed number formats, dates, links, a null and an empty cell. */
import { normalizeRows } from './table-model';

/** Four Norwegian towns, normalised as the table normalises params. */
export const townRows = normalizeRows(
	[
		{ name: 'Oslo', population: '709,037', founded: '1040-01-01', site: 'https://oslo.kommune.no', share: '12%' },
		{ name: 'Ålesund', population: 67114, founded: '1848-01-01', site: 'https://alesund.kommune.no', share: 0.05 },
		{ name: 'bergen', population: 289330, founded: '1070-01-01', site: 'https://bergen.kommune.no', share: 0.3 },
		{ name: 'Tromsø', population: null, founded: '', site: 'https://tromso.kommune.no', share: null }
	],
	undefined
);
