import { type Kysely, sql } from 'kysely';

/**
 * `link_reports.url`, `ios_url`, `android_url`: the reported link's targets, copied when the
 * report is filed (null when its link had none, or was already gone before this migration).
 * Reports name an alias, and the link behind it may be deleted by its owner while the reports
 * wait: the queue kept nothing of where it led, so the operator lost the evidence and could not
 * block its domain, and whoever ran a phishing link could delete it and make another on the
 * same domain. The open reports of a deleted link now stay in the queue with these.
 */
export function reportTargets() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const column of ['url', 'ios_url', 'android_url']) {
        await db.schema.alterTable('link_reports').addColumn(column, 'text').execute();
      }
      // Existing reports whose link still exists get its targets now.
      await sql`update link_reports set
          url = (select l.url from links l where l.alias = link_reports.alias),
          ios_url = (select l.ios_url from links l where l.alias = link_reports.alias),
          android_url = (select l.android_url from links l where l.alias = link_reports.alias)
        where exists (select 1 from links l where l.alias = link_reports.alias)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const column of ['url', 'ios_url', 'android_url']) {
        await db.schema.alterTable('link_reports').dropColumn(column).execute();
      }
    },
  };
}
