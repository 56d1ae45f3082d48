// Load from wrk (C, much lighter than autocannon: 57k vs 26k req/s against the same bare
// server here), driven by a generated Lua script, for `npm run bench` when wrk is installed.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult } from './load.js';

export function wrkAvailable(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // `wrk --version` exits 1 after printing its version.
    return (error as { status?: number }).status === 1;
  }
}

export type WrkPath =
  | { kind: 'alias'; links: number }
  | { kind: 'unknown' }
  | { kind: 'fixed'; path: string }
  | { kind: 'create' };

export interface WrkOptions {
  url: string;
  connections: number;
  seconds: number;
  path: WrkPath;
  userAgent?: string;
}

const ALIAS_LUA = `
local chars = "0123456789abcdefghijklmnopqrstuvwxyz"
local function base36(n, width)
  local s = ""
  repeat
    local d = n % 36
    s = string.sub(chars, d + 1, d + 1) .. s
    n = math.floor(n / 36)
  until n == 0
  while #s < width do s = "0" .. s end
  return s
end`;

function script(options: WrkOptions): string {
  const headers = options.userAgent === undefined ? '{}' : `{ ["User-Agent"] = ${JSON.stringify(options.userAgent)} }`;
  const p = options.path;
  const request =
    p.kind === 'alias'
      ? `return wrk.format("GET", "/b" .. base36(math.random(0, ${p.links - 1}), 6), headers)`
      : p.kind === 'unknown'
        ? `return wrk.format("GET", "/zz" .. base36(math.random(0, 2000000000), 1), headers)`
        : p.kind === 'fixed'
          ? `return wrk.format("GET", ${JSON.stringify(p.path)}, headers)`
          : `counter = counter + 1
  return wrk.format("POST", "/api/links", { ["Content-Type"] = "application/json" }, '{"url":"https://example.com/novo/' .. id .. '-' .. counter .. '"}')`;
  return `${ALIAS_LUA}
local headers = ${headers}
local threads = {}
counter = 0
id = 0
setup = function(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end
init = function(args)
  math.randomseed(os.time() + (id or 0) * 7919)
  statuses = {}
end
request = function()
  ${request}
end
response = function(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end
done = function(summary, latency, requests)
  local counts = {}
  for _, thread in ipairs(threads) do
    local s = thread:get("statuses")
    for code, n in pairs(s) do counts[tostring(code)] = (counts[tostring(code)] or 0) + n end
  end
  local parts = {}
  for code, n in pairs(counts) do table.insert(parts, string.format('"%s":%d', code, n)) end
  local e = summary.errors
  io.write(string.format('WRKJSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"errors":%d,"statuses":{%s}}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, table.concat(parts, ",")))
end
`;
}

export function runWrk(options: WrkOptions): Promise<LoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const file = path.join(dir, 'load.lua');
  fs.writeFileSync(file, script(options));
  return new Promise((resolve, reject) => {
    execFile(
      'wrk',
      ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '10s', '-s', file, options.url],
      { timeout: (options.seconds + 30) * 1000 },
      (error, stdout) => {
        fs.rmSync(dir, { recursive: true, force: true });
        if (error !== null) return reject(error);
        const line = stdout.split('\n').find((l) => l.startsWith('WRKJSON '));
        if (line === undefined) return reject(new Error(`wrk printed no summary:\n${stdout}`));
        const parsed = JSON.parse(line.slice('WRKJSON '.length)) as {
          requests: number;
          duration_us: number;
          p50_us: number;
          p99_us: number;
          errors: number;
          statuses: Record<string, number>;
        };
        const seconds = parsed.duration_us / 1e6;
        resolve({
          requests: parsed.requests,
          seconds,
          rps: parsed.requests / seconds,
          p50: Math.round(parsed.p50_us / 10) / 100,
          p99: Math.round(parsed.p99_us / 10) / 100,
          errors: parsed.errors,
          statusCounts: parsed.statuses,
        });
      },
    );
  });
}
