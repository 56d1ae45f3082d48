import { type Kysely, sql } from 'kysely';
import { type Dialect, instantType, RETIRED_ALIAS_ERROR } from '../dialect.js';

/**
 * `retired_aliases`: every alias whose link was deleted, by its owner or an operator. A trigger
 * refuses a new link with one of them as a unique violation would, so no creation path (the API,
 * the form, a bulk, a random alias) can give it out again: a short link already shared in chats
 * and print would otherwise lead wherever the next person to take it wanted (a security audit
 * re-created a deleted alias at once, pointing elsewhere). Only the alias and when: nothing of
 * the link or its owner is kept.
 */
export function retiredAliases(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('retired_aliases')
        .addColumn('alias', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('retired_at', instantType(dialect), (col) => col.notNull())
        .execute();
      if (dialect === 'sqlite') {
        await sql`create trigger links_alias_not_retired before insert on links
          when exists (select 1 from retired_aliases where alias = new.alias)
          begin select raise(abort, ${sql.raw(`'${RETIRED_ALIAS_ERROR}'`)}); end`.execute(db);
        return;
      }
      await sql`create function links_alias_not_retired() returns trigger language plpgsql as $$
        begin
          if exists (select 1 from retired_aliases where alias = new.alias) then
            raise exception '${sql.raw(RETIRED_ALIAS_ERROR)}: %', new.alias using errcode = 'unique_violation';
          end if;
          return new;
        end $$`.execute(db);
      await sql`create trigger links_alias_not_retired before insert on links for each row execute function links_alias_not_retired()`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') await sql`drop trigger links_alias_not_retired`.execute(db);
      else {
        await sql`drop trigger links_alias_not_retired on links`.execute(db);
        await sql`drop function links_alias_not_retired()`.execute(db);
      }
      await db.schema.dropTable('retired_aliases').execute();
    },
  };
}
