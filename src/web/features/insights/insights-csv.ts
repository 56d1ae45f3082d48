// The CSV download of one link's statistics for the chosen range: one row per value of each
// breakdown, then one per day. Fields are separated by ';', the list separator of Excel in
// pt-BR (with ',' a double-clicked file opened as one column there); LibreOffice and Google
// Sheets detect either. Keys stay as the API names them (machine-readable: 'BR-SC',
// 'mobile'), so a spreadsheet can group and chart them.
import type { LinkInsights } from '../../../shared/api';

export const CSV_HEADER = ['dimension', 'key', 'clicks'] as const;

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

const BREAKDOWNS = ['sources', 'devices', 'systems', 'browsers', 'countries', 'regions'] as const;

/** The rows, header first, without the BOM. */
export function insightsCsvRows(insights: LinkInsights): (string | number)[][] {
  const rows: (string | number)[][] = [[...CSV_HEADER]];
  if (insights.breakdowns) {
    for (const dimension of BREAKDOWNS) {
      for (const entry of insights[dimension]) rows.push([dimension, entry.key, entry.clicks]);
    }
    insights.hours.forEach((count, hour) => rows.push(['hours', String(hour).padStart(2, '0'), count]));
  }
  for (const entry of insights.daily) rows.push(['daily', entry.day, entry.clicks]);
  return rows;
}

/** The file's text: BOM, header, rows, CRLF line ends. */
export function buildInsightsCsv(insights: LinkInsights): string {
  return BOM + insightsCsvRows(insights).map((row) => row.map(csvField).join(CSV_SEPARATOR) + EOL).join('');
}

/** "estatisticas-promo-30-dias-2025-11-21.csv": the link, the range and its last day. */
export function insightsCsvFileName(insights: LinkInsights): string {
  return `estatisticas-${insights.alias}-${insights.days}-dias-${insights.to}.csv`;
}
