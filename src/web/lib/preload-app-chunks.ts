// Fetches and compiles every chunk the app is loaded from, evaluating none of them, before
// main.tsx evaluates the first: the build names them in <meta name="app-chunks">
// (scripts/app-chunks-plugin.ts). A module's import() does all three in one go, and with
// nothing fetched yet the main thread waited on V8 finishing the compile (ScriptCatchup) inside
// the very task that then evaluated React DOM: 33–45 ms in one task, which Lighthouse's 4× CPU
// turns into 130–180 ms of a page frozen (docs/performance.md, "Fetched and compiled first").
// Preloaded, the compile runs off the main thread while the page is idle, the four files come
// in parallel instead of one stage after the other, and each stage's task only evaluates.
import { APP_CHUNKS_META } from '../../shared/app-shell';

/** The chunk URLs the build listed; none under `vite dev`, which serves no such tag. */
export function appChunkUrls(doc: Document): string[] {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${APP_CHUNKS_META}"]`);
  return meta ? meta.content.split(/\s+/).filter((url) => url !== '') : [];
}

/**
 * Adds a modulepreload link per chunk and resolves once each has loaded or failed. A failure is
 * not an error here: the import() that follows fetches the file again and reports it as usual.
 * A browser without modulepreload (Safari before 17) would fire neither event: it skips this.
 */
export function preloadAppChunks(doc: Document = document): Promise<void> {
  if (!doc.createElement('link').relList.supports('modulepreload')) return Promise.resolve();
  const loads = appChunkUrls(doc).map(
    (href) =>
      new Promise<void>((resolve) => {
        const link = doc.createElement('link');
        link.rel = 'modulepreload';
        // As Vite's own loader sets it, so that the import() finds the module already fetched
        // with the same credentials mode instead of fetching it a second time.
        link.crossOrigin = '';
        link.href = href;
        link.addEventListener('load', () => resolve());
        link.addEventListener('error', () => resolve());
        doc.head.append(link);
      }),
  );
  return Promise.all(loads).then(() => undefined);
}
