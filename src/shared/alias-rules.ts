// Alias rules shared by the server (authoritative) and the browser (early feedback).

export const ALIAS_MIN_LENGTH = 3;
export const ALIAS_MAX_LENGTH = 64;
export const RANDOM_ALIAS_LENGTH = 6;
export const ALIAS_PATTERN = new RegExp(`^[a-z0-9_-]{${ALIAS_MIN_LENGTH},${ALIAS_MAX_LENGTH}}$`);

/**
 * Words no one may take as an alias: every first path segment the site itself uses, and
 * names that would let a link pass for part of the site (admin, login…).
 */
export const RESERVED_ALIASES: ReadonlySet<string> = new Set([
  // routes and files of the site
  'api', 'faq', 'contact', 'contato', 'privacy', 'privacidade', 'dashboard', 'painel', 'assets', 'static',
  'public', 'health', 'healthz', 'readyz', 'livez', 'metrics', 'robots', 'robots-txt', 'favicon', 'sitemap',
  'manifest', 'preview', 'og', 'og-image', 'index', 'home', 'inicio', 'report', 'denunciar', 'blocked',
  'bloqueado', 'well-known', '_next', '_app',
  // names that could impersonate the site
  'admin', 'administrator', 'administrador', 'root', 'login', 'logout', 'signin', 'signout', 'signup',
  'register', 'cadastro', 'entrar', 'sair', 'auth', 'oauth', 'account', 'conta', 'settings', 'config',
  'user', 'users', 'usuario', 'support', 'suporte', 'help', 'ajuda', 'about', 'sobre', 'terms', 'termos',
  'legal', 'security', 'seguranca', 'status', 'www', 'mail', 'email', 'app', 'null', 'undefined',
]);

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

export function isReservedAlias(alias: string): boolean {
  return RESERVED_ALIASES.has(alias);
}
