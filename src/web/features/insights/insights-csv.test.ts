import { describe, expect, it } from 'vitest';
import type { LinkInsights } from '../../../shared/api';
import { buildInsightsCsv, csvField, insightsCsvFileName } from './insights-csv';

const base: LinkInsights = {
  alias: 'promo',
  days: 1,
  from: '2025-11-21',
  to: '2025-11-21',
  totalClicks: 3,
  daily: [{ day: '2025-11-21', clicks: 3 }],
  hours: Array.from({ length: 24 }, (_, hour) => (hour === 8 ? 3 : 0)),
  sources: [
    { key: 'direct', clicks: 1 },
    { key: 'promoção, "verão"', clicks: 1 },
    { key: '=HYPERLINK("http://x")', clicks: 1 },
  ],
  devices: [{ key: 'mobile', clicks: 3 }],
  systems: [],
  browsers: [],
  countries: [{ key: 'BR', clicks: 3 }],
  regions: [
    { key: 'BR-SP', clicks: 2 },
    { key: 'unknown', clicks: 1 },
  ],
  breakdowns: true,
  regionLookup: true,
};

describe('insights CSV', () => {
  it('quotes separators and quotes, and defuses formulas', () => {
    expect(csvField('instagram')).toBe('instagram');
    expect(csvField(12)).toBe('12');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvField('linha\nnova')).toBe('"linha\nnova"');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+55')).toBe("'+55");
    expect(csvField('-x')).toBe("'-x");
    expect(csvField('@soma')).toBe("'@soma");
  });

  it('is BOM, header, the breakdowns, 24 hours and the days, CRLF-ended; each value by its key and by the name the page shows', () => {
    const text = buildInsightsCsv(base);
    expect(text.startsWith('\uFEFFcategoria;chave;nome;cliques\r\n')).toBe(true);
    expect(text.endsWith('Dias;2025-11-21;21/11/2025;3\r\n')).toBe(true);
    const lines = text.slice(1).split('\r\n').slice(0, -1);
    expect(lines.slice(0, 7)).toEqual([
      'categoria;chave;nome;cliques',
      'Origens;direct;Direto (sem origem);1',
      'Origens;"promoção, ""verão""";"promoção, ""verão""";1',
      `Origens;"'=HYPERLINK(""http://x"")";"'=HYPERLINK(""http://x"")";1`,
      'Aparelhos;mobile;Celular;3',
      'Países;BR;Brasil;3',
      'Estados;BR-SP;São Paulo;2',
    ]);
    // As the page says it under the states' table.
    expect(lines[7]).toBe('Estados;unknown;Sem estado identificado;1');
    expect(lines.filter((line) => line.startsWith('Horas;')).map((line) => line.split(';')[1])).toEqual(
      Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0')),
    );
    expect(lines).toContain('Horas;08;8h;3');
  });

  it('without breakdowns holds the days only', () => {
    const text = buildInsightsCsv({ ...base, breakdowns: false, sources: [], devices: [], countries: [], regions: [] });
    expect(text).toBe('\uFEFFcategoria;chave;nome;cliques\r\nDias;2025-11-21;21/11/2025;3\r\n');
  });

  it('is named after the link, the range and its last day ("hoje", not "1-dias", for today)', () => {
    expect(insightsCsvFileName(base)).toBe('estatisticas-promo-hoje-2025-11-21.csv');
    expect(insightsCsvFileName({ ...base, days: 7 })).toBe('estatisticas-promo-7-dias-2025-11-21.csv');
  });
});
