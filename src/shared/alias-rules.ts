// Alias rules shared by the server (authoritative) and the browser (early feedback).
import { SITE_SEGMENTS } from './routes.js';

export const ALIAS_MIN_LENGTH = 3;
export const ALIAS_MAX_LENGTH = 64;
export const RANDOM_ALIAS_LENGTH = 6;
export const ALIAS_PATTERN = new RegExp(`^[a-z0-9_-]{${ALIAS_MIN_LENGTH},${ALIAS_MAX_LENGTH}}$`);

/** Names that would let a link pass for part of the site (admin, login…). */
export const IMPERSONATION_ALIASES: readonly string[] = [
  'admin', 'administrator', 'administrador', 'root', 'login', 'logout', 'signin', 'signout', 'signup',
  'register', 'cadastro', 'entrar', 'sair', 'auth', 'oauth', 'account', 'conta', 'settings', 'config',
  'user', 'users', 'usuario', 'support', 'suporte', 'help', 'ajuda', 'about', 'sobre', 'terms', 'termos',
  'legal', 'security', 'seguranca', 'status', 'www', 'mail', 'email', 'app', 'null', 'undefined',
  // The Portuguese names of the site's own pages (theirs are /contact, /privacy, /denunciar): a
  // link at /denuncia or /contato could pass for the report or contact form.
  'contato', 'privacidade', 'denuncia', 'denuncias', 'report', 'abuse',
];

/**
 * Words no one may take as an alias: every first path segment the site itself uses or keeps
 * (routes.ts, so a new route is reserved by being listed there), and the impersonation words.
 */
export const RESERVED_ALIASES: ReadonlySet<string> = new Set([...SITE_SEGMENTS, ...IMPERSONATION_ALIASES]);

/**
 * Lowercases an alias. Only ASCII is lowercased: some non-ASCII letters lowercase to ASCII
 * (the Kelvin sign K becomes k), which would let them pass the a–z rule.
 */
export function normalizeAlias(raw: string): string {
  const trimmed = raw.trim();
  return /^[\x20-\x7e]*$/.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

export function isValidAliasFormat(alias: string): boolean {
  return ALIAS_PATTERN.test(alias);
}

/**
 * The alias a page address names (routes.ts ALIAS_PAGE_PATHS, `/dashboard/:alias`), or
 * undefined when the segment cannot be one. The server answers undefined with the 404 view and
 * the app shows the same, so both sides agree on which addresses are pages.
 */
export function aliasFromPathSegment(segment: string): string | undefined {
  const alias = normalizeAlias(segment);
  return segment === segment.trim() && isValidAliasFormat(alias) ? alias : undefined;
}

export function isReservedAlias(alias: string): boolean {
  return RESERVED_ALIASES.has(alias);
}
