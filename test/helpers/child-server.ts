// Runs the built server (dist/server/main.js, what `npm start` runs) as a real child process,
// for tests of start-up and shutdown behaviour that an in-process server cannot show. The build,
// not the sources through tsx: tsx compiled the whole server again for each of the suite's ~40
// child processes, ~1.5 s of CPU each (4.0 s to ready against 2.6 s). `npm test` builds first;
// a build older than the sources is refused rather than tested.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { isBuildStale } from '../../scripts/build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '../..');
let checkedBuild = false;

/**
 * `node dist/server/<entry>` with `args`, once the build is known to be current: `main.js` (the
 * server), `admin-main.js` (npm run admin), `migrate-cli.js` (npm run migrate).
 */
export function builtServerCommand(entry: 'main.js' | 'admin-main.js' | 'migrate-cli.js', ...args: string[]): [string, string[]] {
  if (!checkedBuild) {
    if (isBuildStale(root, { outputs: ['dist/server/main.js'], inputs: ['src/server', 'src/shared', 'tsconfig.server.json'] })) {
      throw new Error('dist/server is missing or older than src: run `npm run build:server` before these tests (npm test does)');
    }
    checkedBuild = true;
  }
  return [process.execPath, [path.join(root, 'dist/server', entry), ...args]];
}

export interface ChildServer {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export function spawnServer(env: Record<string, string>): ChildServer {
  const [command, args] = builtServerCommand('main.js');
  const child = spawn(command, args, {
    // Never fetch the (outside) targets' metadata from tests.
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', METADATA_FETCH: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { url: `http://127.0.0.1:${env.PORT ?? '3000'}`, child, output: () => output, exited };
}

export async function waitUntilReady(server: ChildServer, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early: ${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/stats`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready in ${timeoutMs} ms: ${server.output()}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
