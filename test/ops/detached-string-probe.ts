// Run by detached-string.test.ts in a child process with --expose-gc: keeps 2,000 20-character
// cuts of 16 KB strings (as cut, or through detachedString) and prints the heap they hold, in MB.
import { detachedString } from '../../src/server/ops/detached-string.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');
const mode = process.argv[2];
const keep = (value: string) => (mode === 'detached' ? detachedString(value) : value);

gc();
const before = process.memoryUsage().heapUsed;
const kept = new Map<string, number>();
for (let i = 0; i < 2000; i++) {
  const url = `/alias-numero-${i}-abcdef?${'q'.repeat(16_000)}`;
  // As the link cache's misses keep them: a Map key.
  kept.set(keep(url.slice(1, 21)), i);
}
gc();
console.log(JSON.stringify({ heldMb: (process.memoryUsage().heapUsed - before) / 1e6, kept: kept.size }));
