// `npm run admin -- <command>`: runs the compiled admin tool (dist/server/admin-main.js), building
// the server first only when that build is missing or older than its sources, as `npm start`
// does. The command runs in this same process: admin-main reads process.argv.slice(2).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildStale } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const build = {
  outputs: ['dist/server/admin-main.js'],
  inputs: ['src/server', 'src/shared', 'package.json', 'tsconfig.server.json', 'tsconfig.base.json'],
};

if (isBuildStale(root, build)) {
  // On stderr: what the command prints on stdout may be piped elsewhere.
  console.error('Compilando o servidor (o código mudou desde a última compilação)…');
  const result = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (result.error !== undefined) console.error(`Falhou ao compilar: ${result.error.message}`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(path.join(root, 'dist/server/admin-main.js')).href);
