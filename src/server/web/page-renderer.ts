// Loads the app's server bundle (dist/ssr/entry-server.js, built by `vite build --ssr`).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerRenderer } from '../../shared/app-shell.js';

export const SERVER_ENTRY = 'entry-server.js';

/** The renderer, or undefined when the bundle was not built (the app then renders in the browser). */
export async function loadServerRenderer(ssrDir: string): Promise<ServerRenderer | undefined> {
  const entry = path.join(ssrDir, SERVER_ENTRY);
  if (!fs.existsSync(entry)) return undefined;
  const loaded: unknown = await import(pathToFileURL(entry).href);
  const renderPage = typeof loaded === 'object' && loaded !== null ? (loaded as Record<string, unknown>).renderPage : undefined;
  if (typeof renderPage !== 'function') throw new Error(`${entry} does not export renderPage`);
  return { renderPage: renderPage as ServerRenderer['renderPage'] };
}
