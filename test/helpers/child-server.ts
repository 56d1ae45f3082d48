// Runs src/server/main.ts as a real child process (through tsx), for tests of start-up
// and shutdown behaviour that an in-process server cannot show.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

export interface ChildServer {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export function spawnServer(env: Record<string, string>): ChildServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
