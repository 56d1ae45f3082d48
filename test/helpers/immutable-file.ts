// Whether this machine can make a file immutable (chattr +i): it needs root (CAP_LINUX_IMMUTABLE)
// and a file system that supports it. Root ignores file permissions, so the immutable flag is how
// tests make a SQLite file that cannot be written (as a read-only disk would).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function immutableFlagWorks(): boolean {
  const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shortener-chattr-'));
  const probe = path.join(probeDir, 'probe');
  fs.writeFileSync(probe, 'x');
  try {
    execFileSync('chattr', ['+i', probe], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probeDir, { recursive: true, force: true });
  }
}
