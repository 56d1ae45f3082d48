// Brazil's 27 federative units (26 states and the Federal District) as ISO 3166-2 codes.
// Geolocation databases name them differently: MaxMind gives ISO codes ('SP') with English
// and Portuguese names, DB-IP Lite gives English names without accents ('Sao Paulo',
// 'Federal District'), others Portuguese with accents ('São Paulo', 'Distrito Federal'), so
// names are compared case- and accent-insensitively.

/** Code and Portuguese name; other names listed after it (only the Federal District's English name differs). */
const UNITS: readonly (readonly [code: string, name: string, ...otherNames: string[]])[] = [
  ['AC', 'Acre'],
  ['AL', 'Alagoas'],
  ['AP', 'Amapá'],
  ['AM', 'Amazonas'],
  ['BA', 'Bahia'],
  ['CE', 'Ceará'],
  ['DF', 'Distrito Federal', 'Federal District'],
  ['ES', 'Espírito Santo'],
  ['GO', 'Goiás'],
  ['MA', 'Maranhão'],
  ['MT', 'Mato Grosso'],
  ['MS', 'Mato Grosso do Sul'],
  ['MG', 'Minas Gerais'],
  ['PA', 'Pará'],
  ['PB', 'Paraíba'],
  ['PR', 'Paraná'],
  ['PE', 'Pernambuco'],
  ['PI', 'Piauí'],
  ['RJ', 'Rio de Janeiro'],
  ['RN', 'Rio Grande do Norte'],
  ['RS', 'Rio Grande do Sul'],
  ['RO', 'Rondônia'],
  ['RR', 'Roraima'],
  ['SC', 'Santa Catarina'],
  ['SP', 'São Paulo'],
  ['SE', 'Sergipe'],
  ['TO', 'Tocantins'],
];

/** The 27 ISO 3166-2 codes ('BR-AC' … 'BR-TO'). */
export const BRAZIL_STATE_CODES: readonly string[] = Object.freeze(UNITS.map(([code]) => `BR-${code}`));

/** Lowercase, without accents, punctuation as single spaces: 'São  Paulo' and 'sao-paulo' meet. */
function normalise(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Normalised name or two-letter code → ISO code.
const BY_KEY = new Map<string, string>();
for (const [code, ...names] of UNITS) {
  BY_KEY.set(code.toLowerCase(), `BR-${code}`);
  for (const name of names) BY_KEY.set(normalise(name), `BR-${code}`);
}

// Gazetteer forms ('State of Rio de Janeiro', 'Estado de São Paulo', 'Bahia State').
// DB-IP Lite uses none of them (every Brazilian state1 is a bare name), but they cost nothing.
const AFFIXES = /^(?:state of |estado (?:de |do |da )?|br )|(?: state)$/;

/**
 * 'SP', 'BR-SP', 'São Paulo', 'Sao Paulo', 'SAO PAULO', 'State of São Paulo', 'Federal
 * District' → 'BR-SP' / 'BR-DF'; undefined for anything that is not one of the 27.
 * Only for places already known to be in Brazil: 'Amazonas' and 'Distrito Federal' also
 * name regions of Colombia, Venezuela and Mexico, and 'AL' is Alabama too.
 */
export function brazilStateCode(nameOrCode: string): string | undefined {
  // No unit's name comes near this; a longer string is not worth normalising.
  if (nameOrCode.length > 64) return undefined;
  const key = normalise(nameOrCode);
  return BY_KEY.get(key) ?? BY_KEY.get(key.replace(AFFIXES, ''));
}
