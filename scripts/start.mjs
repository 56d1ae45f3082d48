// `npm start`: builds the server and the web app when the build is missing or older than
// the sources, then runs the compiled server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outputs = ['dist/server/main.js', 'dist/web/index.html'].map((p) => path.join(root, p));
const inputs = ['src', 'package.json', 'vite.config.ts', 'tsconfig.server.json'].map((p) => path.join(root, p));

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const built = outputs.every((file) => fs.existsSync(file));
const oldestOutput = built ? Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs)) : 0;
const newestInput = Math.max(...inputs.map(newestMtime));
if (!built || newestInput > oldestOutput) {
  console.log('Building the server and the web app…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(path.join(root, 'dist/server/main.js'));
