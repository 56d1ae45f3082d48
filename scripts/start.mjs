// `npm start`: builds the server and the web app when the build is missing or older than
// the sources, then runs the compiled server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildStale } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const build = {
  outputs: ['dist/server/main.js', 'dist/web/index.html', 'dist/ssr/entry-server.js'],
  inputs: ['src', 'package.json', 'vite.config.ts', 'tsconfig.server.json'],
};

if (isBuildStale(root, build)) {
  console.log('Building the server and the web app…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// React picks its development or production build when first loaded, by NODE_ENV: the server
// renders pages with the production one unless told otherwise.
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
