// scripts/admin.mjs (`npm run admin`): runs the compiled tool, and compiles only when the build is
// missing or older than its sources, as `npm start` does (scripts/build-freshness.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../helpers/test-server.js';

const root = path.resolve(import.meta.dirname, '../..');
const BUILD_LINE = 'Compilando o servidor';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-script-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function runScript(script: string, args: string[], env: Record<string, string> = {}) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: path.dirname(path.dirname(script)),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir(), ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, ms: performance.now() - started };
}

// Compiles and spawns real processes on a SQLite file: once is enough (not again on PostgreSQL).
describe.skipIf(testDialect === 'postgres')('scripts/admin.mjs', () => {
  const built = path.join(root, 'dist/server/admin-main.js');

  beforeAll(() => {
    // The server build, as `npm run build:server` makes it (tsc writes its output even past type errors elsewhere).
    spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server.json'], { cwd: root, encoding: 'utf8' });
  }, 120_000);

  it('runs the built tool without compiling again when dist is fresh', { timeout: 60_000 }, () => {
    const before = fs.statSync(built).mtimeMs;
    const database = path.join(tmp, 'links.db');
    const result = runScript(path.join(root, 'scripts/admin.mjs'), ['blocked'], { DATABASE_URL: `sqlite:${database}` });
    console.log(`node scripts/admin.mjs blocked, fresh build: ${result.ms.toFixed(0)} ms`);
    expect(result).toMatchObject({ code: 0, stdout: 'Nenhum domínio bloqueado.\n' });
    expect(result.stderr).not.toContain(BUILD_LINE);
    expect(fs.statSync(built).mtimeMs).toBe(before);
    expect(fs.existsSync(database)).toBe(true);
  });

  it('passes the arguments on; an argument error exits 1 on stderr without opening the database', { timeout: 60_000 }, () => {
    const database = path.join(tmp, 'never.db');
    const result = runScript(path.join(root, 'scripts/admin.mjs'), ['top', 'abc'], { DATABASE_URL: `sqlite:${database}` });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('Número inválido para N: "abc" (use um inteiro a partir de 1).\nUso: npm run admin -- top [N] [--days D]\n');
    expect(fs.existsSync(database)).toBe(false);
  });

  it('builds when dist is missing or older than a source, and only then', { timeout: 60_000 }, () => {
    // A copy of the scripts in a project of its own, whose "build" writes a tool that echoes its arguments.
    const project = path.join(tmp, 'project');
    fs.mkdirSync(path.join(project, 'scripts'), { recursive: true });
    fs.mkdirSync(path.join(project, 'src/server'), { recursive: true });
    fs.mkdirSync(path.join(project, 'src/shared'), { recursive: true });
    for (const file of ['admin.mjs', 'build-freshness.mjs']) fs.copyFileSync(path.join(root, 'scripts', file), path.join(project, 'scripts', file));
    fs.writeFileSync(path.join(project, 'src/server/tool.ts'), '');
    fs.writeFileSync(path.join(project, 'tsconfig.server.json'), '{}');
    fs.writeFileSync(
      path.join(project, 'build.mjs'),
      "import fs from 'node:fs';\nfs.mkdirSync('dist/server', { recursive: true });\n" +
        "fs.writeFileSync('dist/server/admin-main.js', \"console.log('tool ' + process.argv.slice(2).join('|'));\\n\");\n",
    );
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ type: 'module', scripts: { 'build:server': 'node build.mjs' } }));
    const script = path.join(project, 'scripts/admin.mjs');

    const first = runScript(script, ['block', 'golpe.example', 'motivo com espaço']);
    expect(first).toMatchObject({ code: 0, stdout: 'tool block|golpe.example|motivo com espaço\n' });
    expect(first.stderr).toContain(BUILD_LINE);

    const second = runScript(script, ['blocked']);
    expect(second).toMatchObject({ code: 0, stdout: 'tool blocked\n' });
    expect(second.stderr).not.toContain(BUILD_LINE);

    // A source changed after the build: compile again.
    const future = new Date(Date.now() + 60_000);
    fs.writeFileSync(path.join(project, 'src/shared/new.ts'), '');
    fs.utimesSync(path.join(project, 'src/shared/new.ts'), future, future);
    const third = runScript(script, ['blocked']);
    expect(third.stderr).toContain(BUILD_LINE);
    expect(third.stdout).toBe('tool blocked\n');

    // A failed build stops there, with the build's exit code.
    fs.writeFileSync(path.join(project, 'build.mjs'), 'process.exit(3);\n');
    fs.utimesSync(path.join(project, 'src/server/tool.ts'), new Date(Date.now() + 120_000), new Date(Date.now() + 120_000));
    const failed = runScript(script, ['blocked']);
    expect(failed.code).toBe(3);
    expect(failed.stdout).toBe('');
  });
});
