// A build step for main.tsx: names, in the page's head, every chunk the app is loaded from (the
// entry's import() targets and all they import), so that src/web/lib/preload-app-chunks.ts can
// fetch and compile them in the background before the first of them is evaluated. A <meta>,
// not <link rel="modulepreload">: requests begun before the first paint count against it in
// Lighthouse's simulation (docs/performance.md, "First paint"), so the fetches start after it.
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { APP_CHUNKS_META } from '../src/shared/app-shell.js';

/**
 * The entry's dynamically imported chunks and, depth first, everything they import statically,
 * but the entry itself (the app imports Vite's preload helper from it; it is loaded already).
 */
function appChunkFiles(entry: OutputChunk, bundle: OutputBundle): string[] {
  const files: string[] = [];
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (file === entry.fileName || files.includes(file) || chunk?.type !== 'chunk') return;
    files.push(file);
    chunk.imports.forEach(visit);
  };
  entry.dynamicImports.forEach(visit);
  return files;
}

export function appChunksPlugin(): Plugin {
  let base = '/';
  return {
    name: 'app-chunks-meta',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return;
        const content = appChunkFiles(chunk, bundle)
          .map((file) => `${base}${file}`)
          .join(' ');
        return [{ tag: 'meta', attrs: { name: APP_CHUNKS_META, content }, injectTo: 'head' }];
      },
    },
  };
}
