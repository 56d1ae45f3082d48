// The click writer's thread stopping unasked (here: a SQLite file it cannot open) is said through
// the breakdowns' error hook, as INSIGHTS_WRITER_STOPPED: the window it held is lost, and a log
// line and a metric must say so. Waiting writes fail (the recorder keeps and retries clicks).
import { describe, expect, it } from 'vitest';
import { createWorkerClickWriter, INSIGHTS_WRITER_STOPPED, type InsightsWriting } from '../../src/server/stats/click-writer.js';
import { packClicks } from '../../src/server/stats/click-batch.js';
import { testDialect } from '../helpers/test-server.js';

describe.runIf(testDialect === 'sqlite')('the click writer thread', () => {
  it('stopping unasked is reported as INSIGHTS_WRITER_STOPPED, and the waiting write fails', async () => {
    const errors: Error[] = [];
    const insights: InsightsWriting = { countryDb: undefined, cityDb: undefined, intervalMs: 600_000, maxEntries: 1000, onError: (error) => errors.push(error) };
    const writer = createWorkerClickWriter({ sqlite: { file: '/nonexistent-directory/clicks.db', busyTimeoutMs: 100 } }, insights);
    try {
      await expect(writer.write(packClicks([{ linkId: 1, day: '2026-05-05', clicks: 1 }]))).rejects.toThrow();
      expect(errors.map((error) => (error as { code?: unknown }).code)).toEqual([INSIGHTS_WRITER_STOPPED]);
      expect(errors[0]?.message).toMatch(/^click writer thread stopped: /);
    } finally {
      await writer.close();
    }
  });
});
