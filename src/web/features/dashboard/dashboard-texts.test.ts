// The dashboard's counted texts: the noun follows the count (1 link, 2 links) and figures are
// grouped as pt-BR writes them (1.500).
import { describe, expect, it } from 'vitest';
import { dashboardTexts as t } from './dashboard-texts';

describe('dashboard texts with counts', () => {
  it.each([
    ['import progress of a one-link file', t.importProgress(0, 1), 'Verificando 0 de 1 link...'],
    ['import progress of many', t.importProgress(1200, 1500), 'Verificando 1.200 de 1.500 links...'],
    ['search count of one', t.searchCount(1, 1), '1 de 1 link'],
    ['search count of many', t.searchCount(2, 1500), '2 de 1.500 links'],
    ['import report, one of each', t.importReport(1, 1, 1), '1 válido, 1 inválido/removido, 1 não verificado (tente importar de novo mais tarde).'],
    ['import report, none checked later', t.importReport(2, 0, 0), '2 válidos, 0 inválidos/removidos.'],
    ['total clicks noun, one', t.totalClicks(1), 'clique no total'],
    ['total clicks noun, none', t.totalClicks(0), 'cliques no total'],
    ['chart bar', t.chartBar('21/11', 1), '21/11: 1 clique'],
  ])('%s', (_name, text, expected) => {
    expect(text).toBe(expected);
  });
});
