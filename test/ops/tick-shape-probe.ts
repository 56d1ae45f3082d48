// Child process of tick-shape-anchor.test.ts (run with --expose-gc --allow-natives-syntax):
// makes tick objects, runs full collections while none is alive, then prints V8's feedback
// for process.nextTick. With "anchor" it first calls anchorTickObjectShape(), as main.ts does.
import { anchorTickObjectShape } from '../../src/server/ops/tick-shape-anchor.js';

if (process.argv[2] === 'anchor') anchorTickObjectShape();

// V8 natives syntax is not TypeScript: compile it at run time.
const debugPrint = new Function('f', '%DebugPrint(f)') as (f: unknown) => void;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');

function someTicks(): Promise<void> {
  return new Promise((resolve) => {
    let left = 50;
    for (let i = 0; i < 50; i++) process.nextTick(() => --left === 0 && resolve());
  });
}

for (let round = 0; round < 8; round++) {
  await someTicks();
  // In a macrotask, after the tick queue ran dry: no tick object is alive here.
  await new Promise((resolve) => setImmediate(resolve));
  gc();
}
await someTicks();
debugPrint(process.nextTick);
