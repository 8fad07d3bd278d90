/**
 * Name resolution for map regions: models name countries by common name, ISO 3166 alpha-2 or
 * alpha-3 code, or numeric code, and US states by name, postal code or FIPS code. These
 * tables map the usual spellings onto the names used in the bundled world-atlas / us-atlas.
 */

/** ISO alpha-3 / alpha-2 codes and common names → world-atlas (Natural Earth 110m) name. */
const countryAliases: Record<string, string> = {
	usa: 'United States of America', us: 'United States of America', 'united states': 'United States of America', america: 'United States of America',
	gbr: 'United Kingdom', gb: 'United Kingdom', uk: 'United Kingdom', 'great britain': 'United Kingdom', britain: 'United Kingdom', england: 'United Kingdom',
	deu: 'Germany', de: 'Germany', fra: 'France', fr: 'France', ita: 'Italy', it: 'Italy', esp: 'Spain', es: 'Spain', prt: 'Portugal', pt: 'Portugal',
	nld: 'Netherlands', nl: 'Netherlands', 'the netherlands': 'Netherlands', holland: 'Netherlands', bel: 'Belgium', be: 'Belgium', lux: 'Luxembourg', lu: 'Luxembourg',
	che: 'Switzerland', ch: 'Switzerland', aut: 'Austria', at: 'Austria', pol: 'Poland', pl: 'Poland', cze: 'Czechia', cz: 'Czechia', 'czech republic': 'Czechia',
	svk: 'Slovakia', sk: 'Slovakia', hun: 'Hungary', hu: 'Hungary', rou: 'Romania', ro: 'Romania', bgr: 'Bulgaria', bg: 'Bulgaria', grc: 'Greece', gr: 'Greece',
	hrv: 'Croatia', hr: 'Croatia', svn: 'Slovenia', si: 'Slovenia', srb: 'Serbia', rs: 'Serbia', bih: 'Bosnia and Herz.', 'bosnia and herzegovina': 'Bosnia and Herz.',
	mkd: 'Macedonia', 'north macedonia': 'Macedonia', alb: 'Albania', al: 'Albania', mne: 'Montenegro', me: 'Montenegro', xkx: 'Kosovo',
	swe: 'Sweden', se: 'Sweden', nor: 'Norway', no: 'Norway', dnk: 'Denmark', dk: 'Denmark', fin: 'Finland', fi: 'Finland', isl: 'Iceland', is: 'Iceland',
	irl: 'Ireland', ie: 'Ireland', est: 'Estonia', ee: 'Estonia', lva: 'Latvia', lv: 'Latvia', ltu: 'Lithuania', lt: 'Lithuania',
	ukr: 'Ukraine', ua: 'Ukraine', blr: 'Belarus', by: 'Belarus', mda: 'Moldova', md: 'Moldova', rus: 'Russia', ru: 'Russia', 'russian federation': 'Russia',
	tur: 'Turkey', tr: 'Turkey', türkiye: 'Turkey', turkiye: 'Turkey', cyp: 'Cyprus', cy: 'Cyprus', geo: 'Georgia', arm: 'Armenia', aze: 'Azerbaijan',
	can: 'Canada', ca: 'Canada', mex: 'Mexico', mx: 'Mexico', bra: 'Brazil', br: 'Brazil', arg: 'Argentina', ar: 'Argentina', chl: 'Chile', cl: 'Chile',
	col: 'Colombia', co: 'Colombia', per: 'Peru', pe: 'Peru', ven: 'Venezuela', ve: 'Venezuela', ecu: 'Ecuador', bol: 'Bolivia', pry: 'Paraguay', ury: 'Uruguay', cub: 'Cuba',
	chn: 'China', cn: 'China', "people's republic of china": 'China', jpn: 'Japan', jp: 'Japan', kor: 'South Korea', kr: 'South Korea', 'korea, republic of': 'South Korea', 'republic of korea': 'South Korea',
	prk: 'North Korea', kp: 'North Korea', twn: 'Taiwan', tw: 'Taiwan', mng: 'Mongolia', ind: 'India', in: 'India', pak: 'Pakistan', pk: 'Pakistan', bgd: 'Bangladesh', bd: 'Bangladesh',
	lka: 'Sri Lanka', npl: 'Nepal', afg: 'Afghanistan', irn: 'Iran', ir: 'Iran', irq: 'Iraq', iq: 'Iraq', syr: 'Syria', sy: 'Syria', isr: 'Israel', il: 'Israel', jor: 'Jordan',
	lbn: 'Lebanon', sau: 'Saudi Arabia', sa: 'Saudi Arabia', are: 'United Arab Emirates', ae: 'United Arab Emirates', uae: 'United Arab Emirates', qat: 'Qatar', kwt: 'Kuwait', omn: 'Oman', yem: 'Yemen',
	kaz: 'Kazakhstan', kz: 'Kazakhstan', uzb: 'Uzbekistan', tkm: 'Turkmenistan', kgz: 'Kyrgyzstan', tjk: 'Tajikistan',
	idn: 'Indonesia', id: 'Indonesia', mys: 'Malaysia', my: 'Malaysia', tha: 'Thailand', th: 'Thailand', vnm: 'Vietnam', vn: 'Vietnam', 'viet nam': 'Vietnam', phl: 'Philippines', ph: 'Philippines',
	mmr: 'Myanmar', khm: 'Cambodia', lao: 'Laos', aus: 'Australia', au: 'Australia', nzl: 'New Zealand', nz: 'New Zealand', png: 'Papua New Guinea',
	egy: 'Egypt', eg: 'Egypt', lby: 'Libya', tun: 'Tunisia', dza: 'Algeria', mar: 'Morocco', ma: 'Morocco', sdn: 'Sudan', ssd: 'S. Sudan', 'south sudan': 'S. Sudan', eth: 'Ethiopia', et: 'Ethiopia',
	ken: 'Kenya', ke: 'Kenya', tza: 'Tanzania', uga: 'Uganda', rwa: 'Rwanda', som: 'Somalia', nga: 'Nigeria', ng: 'Nigeria', gha: 'Ghana', gh: 'Ghana', civ: "Côte d'Ivoire", "cote d'ivoire": "Côte d'Ivoire", 'ivory coast': "Côte d'Ivoire",
	sen: 'Senegal', mli: 'Mali', ner: 'Niger', tcd: 'Chad', cmr: 'Cameroon', cod: 'Dem. Rep. Congo', 'democratic republic of the congo': 'Dem. Rep. Congo', drc: 'Dem. Rep. Congo', cog: 'Congo', 'republic of the congo': 'Congo',
	ago: 'Angola', zmb: 'Zambia', zwe: 'Zimbabwe', moz: 'Mozambique', mwi: 'Malawi', mdg: 'Madagascar', nam: 'Namibia', bwa: 'Botswana', zaf: 'South Africa', za: 'South Africa',
	caf: 'Central African Rep.', 'central african republic': 'Central African Rep.', dom: 'Dominican Rep.', 'dominican republic': 'Dominican Rep.', swz: 'eSwatini', eswatini: 'eSwatini', swaziland: 'eSwatini',
	grl: 'Greenland', gl: 'Greenland', pse: 'Palestine'
};

/** US states: postal code → name. FIPS codes are the atlas ids. */
const statePostal: Record<string, string> = {
	al: 'Alabama', ak: 'Alaska', az: 'Arizona', ar: 'Arkansas', ca: 'California', co: 'Colorado', ct: 'Connecticut', de: 'Delaware', dc: 'District of Columbia', fl: 'Florida',
	ga: 'Georgia', hi: 'Hawaii', id: 'Idaho', il: 'Illinois', in: 'Indiana', ia: 'Iowa', ks: 'Kansas', ky: 'Kentucky', la: 'Louisiana', me: 'Maine', md: 'Maryland',
	ma: 'Massachusetts', mi: 'Michigan', mn: 'Minnesota', ms: 'Mississippi', mo: 'Missouri', mt: 'Montana', ne: 'Nebraska', nv: 'Nevada', nh: 'New Hampshire', nj: 'New Jersey',
	nm: 'New Mexico', ny: 'New York', nc: 'North Carolina', nd: 'North Dakota', oh: 'Ohio', ok: 'Oklahoma', or: 'Oregon', pa: 'Pennsylvania', ri: 'Rhode Island', sc: 'South Carolina',
	sd: 'South Dakota', tn: 'Tennessee', tx: 'Texas', ut: 'Utah', vt: 'Vermont', va: 'Virginia', wa: 'Washington', wv: 'West Virginia', wi: 'Wisconsin', wy: 'Wyoming', pr: 'Puerto Rico'
};

function normalize(text: string): string {
	return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
}

/** A resolver from any spelling to the atlas feature key (its name), for the given atlas. */
export function regionResolver(atlas: 'world' | 'usa', features: Array<{ id?: string | number; properties?: { name?: string } | null }>): (key: unknown) => string | undefined {
	const byName = new Map<string, string>();
	const byId = new Map<string, string>();
	for (const feature of features) {
		const name = feature.properties?.name;
		if (!name) continue;
		byName.set(normalize(name), name);
		if (feature.id !== undefined) byId.set(String(Number(feature.id)), name);
	}
	const aliases = atlas === 'world' ? countryAliases : statePostal;
	return (key) => {
		if (typeof key === 'number') return byId.get(String(key));
		if (typeof key !== 'string') return undefined;
		const text = normalize(key);
		if (/^\d+$/.test(text)) return byId.get(String(Number(text)));
		return byName.get(text) ?? (aliases[text] ? byName.get(normalize(aliases[text])) : undefined);
	};
}

/** True when most keys look like US states (names or postal codes) rather than countries. */
export function looksLikeUsStates(keys: unknown[]): boolean {
	const names = new Set(Object.values(statePostal).map(normalize));
	const strings = keys.filter((key): key is string => typeof key === 'string').map(normalize);
	if (!strings.length) return false;
	const hits = strings.filter((key) => names.has(key) || (key.length === 2 && key in statePostal && !['ca', 'de', 'in', 'id', 'ar', 'co', 'ga', 'me', 'pa', 'al', 'md', 'ma', 'mn', 'mt', 'ne', 'sc', 'tn', 'va', 'wa'].includes(key)));
	return hits.length / strings.length > 0.6 && !strings.some((key) => key === 'georgia' && strings.length === 1);
}
