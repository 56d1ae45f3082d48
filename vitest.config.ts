import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Vitest's own default in a run is one worker fewer than the CPUs: one at a time on a 2-vCPU
// host, where the server tests left a quarter of the CPU idle (waiting on PostgreSQL, sockets,
// timers). Two forks there, and one thread for the component tests that run beside them: the
// server and component projects took 386 and 373 s against 483 and 428 s, alternated.
const cpus = availableParallelism();

// expect.poll's default of 1 s is too tight a bound for "the page (or the server) got there"
// while another test file, two database servers and Chromium share two cores (the component
// tests' findBy/waitFor get 3 s for the same reason, src/web/test-setup.ts). A real failure
// still fails, a few seconds later.
const expectOnBusyHost = { poll: { timeout: 5_000 } };

// Four projects: server tests on SQLite and on PostgreSQL (node), component tests (jsdom) and
// end-to-end tests in real Chromium against the built app (one file at a time: they start
// servers).
//
// The server tests share one process per project (forks without isolation): each file used to
// get a fresh child process that loaded the whole server again, ~2 s a file, about a third of
// the run (SQLite's project: 322 s isolated, 207 s shared). Each file builds its own app,
// database and servers, so the modules they share hold nothing of a test's;
// test/helpers/shared-process-setup.ts puts back the clock and spies a file may leave behind.
// The isolation switch is the pool's, not a project's: the component tests, whose jsdom
// documents and React roots must not be shared, run on the threads pool, which stays isolated.
export default defineConfig({
  test: {
    poolOptions: { forks: { isolate: false, maxForks: Math.max(2, cpus - 1) }, threads: { maxThreads: Math.max(1, cpus - 2) } },
    projects: [
      {
        test: {
          name: 'server',
          expect: expectOnBusyHost,
          environment: 'node',
          include: ['test/**/*.test.ts'],
          // The multi-instance test needs PostgreSQL: it runs in server-postgres.
          exclude: ['test/e2e/**', 'test/multi-instance.test.ts'],
          setupFiles: ['test/helpers/shared-process-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          expect: expectOnBusyHost,
          environment: 'node',
          include: ['test/**/*.test.ts'],
          // Pure functions and SQLite-file process tests need no second run.
          exclude: [
            'test/e2e/**',
            'test/process.test.ts',
            'test/metadata/address-policy.test.ts',
            'test/metadata/safe-fetch.test.ts',
            'test/metadata/parse-metadata.test.ts',
            'test/metadata/og-image.test.ts',
            'test/redirect/link-cache.test.ts',
            'test/ops/tick-shape-anchor.test.ts',
            'test/ops/error-log-throttle.test.ts',
            'test/redirect/crawler-apps.test.ts',
            'test/redirect/forward-query.test.ts',
            // Link options' pure rules (the routes' side runs on both: test/links/link-options.test.ts).
            'test/links/link-options-rules.test.ts',
            'test/redirect/link-options-gate.test.ts',
            // Click insights' pure parts (the store's side runs on both dialects).
            'test/insights/user-agent-profile.test.ts',
            'test/insights/click-source.test.ts',
            'test/insights/geoip.test.ts',
            'test/insights/brazil-states.test.ts',
            'test/insights/packed-address.test.ts',
            'test/insights/insights-accumulator.test.ts',
            // SIGKILL/SIGTERM of a child server reads its SQLite file.
            'test/hardening/durability.test.ts',
            // Page rendering reads nothing from the store (the home form's test runs on both).
            'test/web/server-rendering.test.ts',
            'test/web/link-gate-pages.test.ts',
            // Whole numbers formatted without Intl, the brand's shades: pure functions.
            'test/web/integer-format.test.ts',
            'test/web/brand-palette.test.ts',
            // The generated API types are checked against the document, which no store shapes.
            'test/api/openapi-types.test.ts',
          ],
          env: { TEST_DIALECT: 'postgres' },
          setupFiles: ['test/helpers/shared-process-setup.ts'],
          globalSetup: ['test/helpers/postgres-global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          expect: expectOnBusyHost,
          environment: 'jsdom',
          pool: 'threads',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          expect: expectOnBusyHost,
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // One process for all files (the pool runs them in one task), each file with its
          // modules loaded afresh as before.
          poolOptions: { forks: { singleFork: true, isolate: true } },
        },
      },
    ],
  },
});
