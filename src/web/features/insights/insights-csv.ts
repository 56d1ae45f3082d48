// The CSV download of one link's statistics for the chosen range: one row per value of each
// breakdown, then one per hour and one per day. Fields are separated by ';', the list separator
// of Excel in pt-BR (with ',' a double-clicked file opened as one column there); LibreOffice and
// Google Sheets detect either. Each row names its value twice: the key as the API gives it
// ('mobile', 'BR-SC', '2025-11-21'), steady for grouping and charting, and the name the page
// shows ('Celular', 'Santa Catarina', '21/11/2025'), for a person reading the sheet.
import type { LinkInsights } from '../../../shared/api';
import { UNKNOWN_VALUE } from '../../../shared/insights';
import { formatDay } from '../../lib/format-on-demand';
import { browserLabel, countryLabel, deviceLabel, hourLabel, insightsTexts as t, regionLabel, sourceLabel, systemLabel } from './insights-texts';

export const CSV_HEADER = ['categoria', 'chave', 'nome', 'cliques'] as const;

/** UTF-8 byte order mark: without it Excel (pt-BR Windows) reads the file as Windows-1252 and mangles accents. */
const BOM = '\uFEFF';
/** RFC 4180 line ends. */
const EOL = '\r\n';
export const CSV_SEPARATOR = ';';

/**
 * One field. Quoted when it holds a separator, a quote or a line end; a value a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR first: a made-up utm_source) gets a leading
 * apostrophe, so it is shown as text (OWASP "CSV injection").
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";,\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

// The page's own section names and value names, in the page's order.
const BREAKDOWNS = [
  ['sources', t.sourcesTitle, sourceLabel],
  ['devices', t.devicesTitle, deviceLabel],
  ['systems', t.systemsTitle, systemLabel],
  ['browsers', t.browsersTitle, browserLabel],
  ['countries', t.countriesTitle, countryLabel],
  ['regions', 'Estados', stateName],
] as const;

/** A region as the page says it: the clicks without a state are not a state named "Desconhecido". */
function stateName(key: string): string {
  return key === UNKNOWN_VALUE ? t.statesUnlocatedName : regionLabel(key);
}

/** The rows, header first, without the BOM. */
export function insightsCsvRows(insights: LinkInsights): (string | number)[][] {
  const rows: (string | number)[][] = [[...CSV_HEADER]];
  if (insights.breakdowns) {
    for (const [dimension, category, label] of BREAKDOWNS) {
      for (const entry of insights[dimension]) rows.push([category, entry.key, label(entry.key), entry.clicks]);
    }
    insights.hours.forEach((count, hour) => rows.push(['Horas', String(hour).padStart(2, '0'), hourLabel(hour), count]));
  }
  for (const entry of insights.daily) rows.push(['Dias', entry.day, formatDay(entry.day), entry.clicks]);
  return rows;
}

/** The file's text: BOM, header, rows, CRLF line ends. */
export function buildInsightsCsv(insights: LinkInsights): string {
  return BOM + insightsCsvRows(insights).map((row) => row.map(csvField).join(CSV_SEPARATOR) + EOL).join('');
}

/** "estatisticas-promo-30-dias-2025-11-21.csv" ("…-hoje-…" for today): the link, the range and its last day. */
export function insightsCsvFileName(insights: LinkInsights): string {
  const range = insights.days === 1 ? 'hoje' : `${insights.days}-dias`;
  return `estatisticas-${insights.alias}-${range}-${insights.to}.csv`;
}
