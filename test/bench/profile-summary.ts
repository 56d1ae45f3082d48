// Summarises a V8 .cpuprofile: self time per function (top N), to see where the time goes.
// Usage: tsx test/bench/profile-summary.ts file.cpuprofile [N]
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, top = '30'] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: profile-summary.ts file.cpuprofile [N]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const node = byId.get(id);
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  if (node === undefined) return;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url === '' ? '' : ` ${url.replace(/^.*node_modules\//, 'nm/').replace(/^file:\/\/.*\/dist\//, 'dist/')}:${lineNumber + 1}`;
  const key = `${functionName === '' ? '(anonymous)' : functionName}${where}`;
  self.set(key, (self.get(key) ?? 0) + dt);
});
const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(top));
console.log(`total sampled: ${(total / 1000).toFixed(0)} ms`);
for (const [name, us] of rows) console.log(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
