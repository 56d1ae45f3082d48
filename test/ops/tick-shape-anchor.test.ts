// A V8 canary, not a test of our logic: it watches a behaviour of the runtime we work around.
// The anchor keeps Node's tick-object literal monomorphic through idle full collections
// (src/server/ops/tick-shape-anchor.ts). Read from V8's own %DebugPrint of process.nextTick in
// a child process. The first case is the canary: it asserts V8 still goes megamorphic without
// the anchor. When a Node upgrade makes it fail, the runtime no longer needs the workaround:
// remove the anchor and this file. The second case guards the anchor itself.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The feedback states of the tick literal's property definitions. */
async function literalFeedback(mode: 'anchor' | 'none'): Promise<string[]> {
  // %DebugPrint writes through C stdio, which loses output into a non-blocking pipe: use a file.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tick-shape-')), 'out.txt');
  const out = fs.openSync(file, 'w');
  try {
    const child = spawn(process.execPath, ['--expose-gc', '--allow-natives-syntax', '--import', 'tsx', 'test/ops/tick-shape-probe.ts', mode], { stdio: ['ignore', out, 'inherit'] });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
  } finally {
    fs.closeSync(out);
  }
  const printed = fs.readFileSync(file, 'utf8');
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1] ?? '');
}

describe('V8 canary: tick object shape anchor', () => {
  it('canary: without the anchor, idle full collections still leave the tick literal megamorphic (fails when V8 no longer needs it)', async () => {
    const states = await literalFeedback('none');
    expect(states).toHaveLength(4);
    expect(states).toContain('MEGAMORPHIC');
  });

  it('with it, the tick literal stays monomorphic', async () => {
    const states = await literalFeedback('anchor');
    expect(states).toEqual(['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC']);
  });
});
