import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appChunksPlugin } from './scripts/app-chunks-plugin.js';

// The React app lives in src/web and is built into dist/web, which the Fastify server serves.

/** `PORT=5174 npm run dev:web` moves the dev server; without PORT it keeps Vite's 5173. */
function devServerPort(value: string | undefined): number | undefined {
  const port = Number(value);
  return Number.isInteger(port) && port > 0 && port < 65_536 ? port : undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  plugins: [react(), tailwindcss(), appChunksPlugin()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // The server bundle (`vite build --ssr entry-server.tsx`, into dist/ssr) renders pages;
    // the files of public/ are served from dist/web only.
    copyPublicDir: !isSsrBuild,
    // One stylesheet, linked from the page (the server puts it inline), not attached to the
    // entry script: split per chunk, it was listed as a dependency of every lazily loaded page,
    // and Vite's loader then added it to the document a second time beside the inline copy,
    // so the browser parsed 52 KB of CSS again and restyled the whole page while it loaded.
    cssCodeSplit: false,
    // Tailwind writes its palette in oklch(), which Chrome before 111 (the last Chrome of
    // Android 6, Samsung Internet before 21) does not know: those browsers dropped every grey,
    // red and green of the site and painted black on white. Lightning CSS gives each colour a
    // hex value first and the wide-gamut one behind @supports. The versions are the first with
    // cascade layers, without which no Tailwind stylesheet applies at all.
    cssMinify: 'lightningcss',
    cssTarget: ['chrome99', 'edge99', 'firefox97', 'safari15.4', 'ios15.4'],
  },
  // punycode.js's ES module file sits in a package without "type": "module": left outside the
  // server bundle, Node would load it only by guessing its syntax. Bundled, nothing is guessed.
  ssr: { noExternal: ['punycode'] },
  server: {
    port: devServerPort(process.env.PORT),
    // A PORT given on purpose that is taken should fail loudly, not move to the next free one.
    strictPort: devServerPort(process.env.PORT) !== undefined,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
