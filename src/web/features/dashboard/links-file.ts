// The export/import file of "Meus links": a JSON document with the stored links, tokens
// included (that is the point: it carries control of the links to another browser).
import { formatNumber } from '../../lib/format';
import { type StoredLink, toStoredLinks } from '../../lib/my-links';

export const LINKS_FILE_FORMAT = 'encurta-br/meus-links';
export const LINKS_FILE_VERSION = 1;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_IMPORT_LINKS = 5000;

export interface LinksFile {
  format: typeof LINKS_FILE_FORMAT;
  version: typeof LINKS_FILE_VERSION;
  exportedAt: string;
  links: StoredLink[];
}

export function buildLinksFile(links: readonly StoredLink[], now = new Date()): string {
  const file: LinksFile = {
    format: LINKS_FILE_FORMAT,
    version: LINKS_FILE_VERSION,
    exportedAt: now.toISOString(),
    links: links.map(({ alias, shortUrl, url, createdAt, manageToken }) => ({ alias, shortUrl, url, createdAt, manageToken })),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** "meus-links-2025-11-21.json", with the local calendar date. */
export function linksFileName(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `meus-links-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

export type ParsedLinksFile =
  | { ok: true; links: StoredLink[]; malformed: number }
  | { ok: false; message: string };

export const importErrors = {
  tooBig: `O arquivo é grande demais (máximo de ${MAX_IMPORT_BYTES / 1024 / 1024} MB).`,
  notJson: 'O arquivo não é um JSON válido.',
  wrongShape: 'Este arquivo não é uma lista de links exportada em Meus links.',
  empty: 'O arquivo não tem nenhum link.',
  tooMany: `O arquivo tem mais de ${formatNumber(MAX_IMPORT_LINKS)} links.`,
} as const;

/**
 * Reads an exported file: our document, or a bare array of links (the raw `my_links` value,
 * for people who copied it by hand). Malformed entries are counted and left out; a file with
 * no usable entry at all is refused.
 */
export function parseLinksFile(text: string): ParsedLinksFile {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, message: importErrors.notJson };
  }
  let entries: unknown;
  if (Array.isArray(data)) {
    entries = data;
  } else if (typeof data === 'object' && data !== null) {
    const document = data as Record<string, unknown>;
    if (document.format !== undefined && document.format !== LINKS_FILE_FORMAT) return { ok: false, message: importErrors.wrongShape };
    entries = document.links;
  }
  if (!Array.isArray(entries)) return { ok: false, message: importErrors.wrongShape };
  if (entries.length === 0) return { ok: false, message: importErrors.empty };
  if (entries.length > MAX_IMPORT_LINKS) return { ok: false, message: importErrors.tooMany };
  const links = toStoredLinks(entries);
  if (links.length === 0) return { ok: false, message: importErrors.wrongShape };
  return { ok: true, links, malformed: entries.length - links.length };
}
