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
  | { kind: 'create' }
  /**
   * Redirects as people make them: skewed link popularity (index = links × u³: the top 1% of
   * links get ~22% of the clicks, the top 10% ~46%), a mix of real user agents (in-app browsers
   * included), referrers, a `utm_source` on some links, and a fresh client address per request
   * (X-Forwarded-For; the server runs with TRUST_PROXY) from Brazilian IPv4 blocks and some IPv6.
   */
  | { kind: 'visitors'; links: number };

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

const VISITORS_LUA = `
local agents = {
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 13; moto g(60)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 307.0.0.34.111 (iPhone14,5; iOS 17_1; pt_BR; pt; scale=3.00; 1170x2532; 532277182)",
  "Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/442.0.0.31.111;]",
  "Mozilla/5.0 (Linux; Android 12; M2101K6G Build/SKQ1.210908.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.66 Mobile Safari/537.36 trill_320403 BytedanceWebview/d8a21c6 musical_ly_2023204030",
  "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
}
local referers = { false, false, false, false, false, "https://l.instagram.com/", "https://www.google.com.br/", "https://t.co/x1", "https://lm.facebook.com/l.php", "https://blog.exemplo.com.br/post" }
local sources = { "?utm_source=whatsapp", "?utm_source=newsletter", "?ref=bio" }
local blocks = { 177, 179, 186, 187, 189, 191, 200, 201 }`;

function script(options: WrkOptions): string {
  const headers = options.userAgent === undefined ? '{}' : `{ ["User-Agent"] = ${JSON.stringify(options.userAgent)} }`;
  const p = options.path;
  const request =
    p.kind === 'visitors'
      ? `local u = math.random()
  local path = "/b" .. base36(math.floor(${p.links} * u * u * u), 6)
  if math.random() < 0.1 then path = path .. sources[math.random(#sources)] end
  local h = { ["User-Agent"] = agents[math.random(#agents)] }
  if math.random() < 0.15 then
    h["X-Forwarded-For"] = string.format("2804:%x:%x:%x::%x", math.random(0, 65535), math.random(0, 65535), math.random(0, 65535), math.random(1, 65535))
  else
    h["X-Forwarded-For"] = blocks[math.random(#blocks)] .. "." .. math.random(0, 255) .. "." .. math.random(0, 255) .. "." .. math.random(1, 254)
  end
  local r = referers[math.random(#referers)]
  if r then h["Referer"] = r end
  return wrk.format("GET", path, h)`
      : p.kind === 'alias'
      ? `return wrk.format("GET", "/b" .. base36(math.random(0, ${p.links - 1}), 6), headers)`
      : p.kind === 'unknown'
        ? `return wrk.format("GET", "/zz" .. base36(math.random(0, 2000000000), 1), headers)`
        : p.kind === 'fixed'
          ? `return wrk.format("GET", ${JSON.stringify(p.path)}, headers)`
          : `counter = counter + 1
  return wrk.format("POST", "/api/links", { ["Content-Type"] = "application/json" }, '{"url":"https://example.com/novo/' .. id .. '-' .. counter .. '"}')`;
  return `${ALIAS_LUA}
${p.kind === 'visitors' ? VISITORS_LUA : ''}
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
