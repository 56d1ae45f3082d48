import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Three projects: server tests (node), component tests (jsdom) and end-to-end tests in
// real Chromium against the built app (run one file at a time: they start servers).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          // The multi-instance test needs PostgreSQL: it runs in server-postgres.
          exclude: ['test/e2e/**', 'test/multi-instance.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
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
            // Whole numbers formatted without Intl: a pure function.
            'test/web/integer-format.test.ts',
            // The generated API types are checked against the document, which no store shapes.
            'test/api/openapi-types.test.ts',
          ],
          env: { TEST_DIALECT: 'postgres' },
          globalSetup: ['test/helpers/postgres-global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
