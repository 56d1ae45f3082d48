// A start without migrating (MIGRATE_ON_START=false), and one that migrates, refuses a database the code does not
// match, on both dialects: behind (it answered 500 where a newer column is used) or ahead
// (an older version served links with options it does not know, a password among them, unprotected).
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { assertSchemaMatches, MigrationError, migrateToLatest, migrationProvider } from '../../src/server/db/migrate.js';
import { testDialect, useTestStore } from '../helpers/test-server.js';

const opened = useTestStore();

describe(`the schema check at a start without migrating (${testDialect})`, () => {
  it('passes on a database at the code\'s migrations, and names what is missing or unknown otherwise', async () => {
    const { db, dialect } = opened.store;
    await assertSchemaMatches(db, dialect);

    const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
    expect((await migrator.migrateTo('0011-retired-aliases')).error).toBeUndefined();
    await expect(assertSchemaMatches(db, dialect)).rejects.toThrow(new MigrationError('The database lacks migration 0012-report-targets: run `npm run migrate` first (MIGRATE_ON_START is false).'));
    expect((await migrator.migrateTo('0010-host-key-catch-up')).error).toBeUndefined();
    await expect(assertSchemaMatches(db, dialect)).rejects.toThrow(
      new MigrationError('The database lacks migrations 0011-retired-aliases, 0012-report-targets: run `npm run migrate` first (MIGRATE_ON_START is false).'),
    );
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    await sql`insert into kysely_migration (name, timestamp) values ('0099-futura', ${new Date().toISOString()})`.execute(db);
    try {
      await expect(assertSchemaMatches(db, dialect)).rejects.toThrow(/migrated by a newer version of the code \(0099-futura\)/);
      // A start that migrates (the default) says the same, not Kysely's "corrupted migrations".
      await expect(migrateToLatest(db, dialect)).rejects.toThrow(
        new MigrationError('The database was migrated by a newer version of the code (0099-futura): run that version, or restore the backup taken before the upgrade.'),
      );
    } finally {
      await sql`delete from kysely_migration where name = '0099-futura'`.execute(db);
    }
    await assertSchemaMatches(db, dialect);
  });
});
