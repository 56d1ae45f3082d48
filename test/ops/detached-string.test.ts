// detachedString: the same characters, without the string they were cut from. The heap held is
// read in a child process with --expose-gc; the first case is the canary that V8 still keeps a
// cut's source alive (when it fails, V8 copies short cuts and the helper can go).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { detachedString } from '../../src/server/ops/detached-string.js';

async function heldMb(mode: 'cut' | 'detached'): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', 'test/ops/detached-string-probe.ts', mode]);
  const { heldMb: held, kept } = JSON.parse(stdout) as { heldMb: number; kept: number };
  expect(kept).toBe(2000);
  return held;
}

describe('detachedString', () => {
  it('canary: 2,000 cuts of 16 KB strings kept as Map keys hold the 32 MB they were cut from', async () => {
    expect(await heldMb('cut')).toBeGreaterThan(25);
  });

  it('detached, the same keys hold only their own characters', async () => {
    expect(await heldMb('detached')).toBeLessThan(2);
  });

  it('gives back the same characters, whatever they are', () => {
    for (const value of ['', 'abc', 'minha-promo-de-natal', 'ação-é-çedilha-ünïcode', '😀 emoji e meio \ud83d', 'x'.repeat(5000)]) {
      expect(detachedString(value)).toBe(value);
    }
  });
});
