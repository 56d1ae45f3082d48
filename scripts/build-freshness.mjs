// When a build is stale: shared by `npm start` (scripts/start.mjs) and `npm run admin`
// (scripts/admin.mjs), which run the compiled code and build only when they have to.
import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time under a file or folder (0 when it does not exist). */
export function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/**
 * True when an output is missing or an input (file or folder, searched through) was changed
 * after the oldest output was written. Paths are relative to `root`.
 */
export function isBuildStale(root, { outputs, inputs }) {
  const outputPaths = outputs.map((p) => path.join(root, p));
  if (!outputPaths.every((file) => fs.existsSync(file))) return true;
  const oldestOutput = Math.min(...outputPaths.map((file) => fs.statSync(file).mtimeMs));
  const newestInput = Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
  return newestInput > oldestOutput;
}
