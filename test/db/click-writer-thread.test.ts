// The click writer's thread stopping unasked (here: a SQLite file it cannot open) is said through
// the breakdowns' error hook, as INSIGHTS_WRITER_STOPPED: the window it held is lost, and a log
// line and a metric must say so. Waiting writes fail (the recorder keeps and retries clicks).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { openStore } from '../../src/server/db/store.js';
import { createUserAgentProfiler } from '../../src/server/insights/user-agent-profile.js';
import { createVisitLog } from '../../src/server/insights/visit-log.js';
import { createWorkerClickWriter, INSIGHTS_NOT_STORED_AT_STOP, INSIGHTS_WRITER_STOPPED, type InsightsWriting } from '../../src/server/stats/click-writer.js';
import { packClicks } from '../../src/server/stats/click-batch.js';
import { BROWSER } from '../helpers/fixtures.js';
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

  it('a last breakdown write that fails at a stop is reported as lost, with its visits, not as kept for a next try', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'writer-stop-'));
    const file = path.join(dir, 'links.db');
    const store = openStore({ kind: 'sqlite', file, busyTimeoutMs: 100 });
    await migrateToLatest(store.db, store.dialect);
    const { id } = await store.db
      .insertInto('links')
      .values({ alias: 'parada', url: 'https://example.com/', created_at: new Date().toISOString(), manage_token_hash: 'h', target_host: 'com.example.' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await store.close();

    const errors: Error[] = [];
    const insights: InsightsWriting = { countryDb: undefined, cityDb: undefined, intervalMs: 600_000, maxEntries: 1000, onError: (error) => errors.push(error) };
    const writer = createWorkerClickWriter({ sqlite: { file, busyTimeoutMs: 100 } }, insights);
    const visits = createVisitLog(100);
    const profile = createUserAgentProfiler()(BROWSER);
    for (let i = 0; i < 3; i++) visits.add(id, '2026-05-05', 10, profile, 'direct', '');
    await writer.write(packClicks([{ linkId: id, day: '2026-05-05', clicks: 3 }]), visits.take());
    // The breakdowns' table gone from under the thread: its last write fails.
    const other = new SqliteDatabase(file);
    other.exec('drop table link_insights_daily');
    other.close();
    try {
      await writer.close();
      expect(errors.map((error) => [(error as { code?: unknown }).code, (error as { dropped?: unknown }).dropped])).toEqual([[INSIGHTS_NOT_STORED_AT_STOP, 3]]);
      expect(errors[0]?.message).toMatch(/^click breakdowns not stored at shutdown: no such table/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
