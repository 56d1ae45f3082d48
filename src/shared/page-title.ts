// A page's <title>: "Página | Marca", or the home title when none is given. Shared by the app's
// pages and the server's bare status pages (a blocked link, the store unreachable), so both
// read alike in a tab or a history list.

export function pageTitle(siteName: string, title?: string): string {
  return title ? `${title} | ${siteName}` : `${siteName} | Personalize seus links grátis`;
}
