import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Drops the secondary indexes of the given tables (primary keys and unique constraints stay, so
 * foreign keys keep being checked) and returns their exact definitions from pg_indexes, to be
 * re-run after a bulk load: building an index once over loaded rows, trigram GIN indexes above
 * all, is many times faster than updating it row by row. Used by the scale seed and the restore.
 */
export async function dropSecondaryIndexes(
  db: Db,
  tables: readonly string[],
): Promise<{ indexname: string; indexdef: string }[]> {
  if (tables.length === 0) return [];
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(tables)})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
    order by i.tablename, i.indexname`.execute(db);
  for (const row of rows) await sql`drop index ${sql.ref(row.indexname)}`.execute(db);
  return rows;
}

/** Re-creates indexes returned by dropSecondaryIndexes. */
export async function recreateIndexes(db: Db, indexes: readonly { indexdef: string }[]) {
  for (const index of indexes) await sql.raw(index.indexdef).execute(db);
}

/** Switches the tables' own triggers (not the foreign-key checks) off or on again. */
export async function setUserTriggers(db: Db, tables: readonly string[], enabled: boolean) {
  for (const table of tables) {
    if (enabled) await sql`alter table ${sql.table(table)} enable trigger user`.execute(db);
    else await sql`alter table ${sql.table(table)} disable trigger user`.execute(db);
  }
}

/**
 * Drops the foreign keys of the given tables and returns how to add them again. Adding a foreign
 * key checks every row in one pass (a join), where a load with the key in place checks each row
 * on its own: for millions of rows, minutes against seconds. Re-adding validates all rows, so
 * nothing that breaks a key can stay.
 */
export async function dropForeignKeys(
  db: Db,
  tables: readonly string[],
): Promise<{ table: string; name: string; definition: string }[]> {
  if (tables.length === 0) return [];
  const { rows } = await sql<{ table: string; name: string; definition: string }>`
    select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = current_schema() and c.conrelid::regclass::text in (${sql.join(tables)})
    order by 1, 2`.execute(db);
  for (const fk of rows) await sql`alter table ${sql.table(fk.table)} drop constraint ${sql.ref(fk.name)}`.execute(db);
  return rows;
}

/** Adds the foreign keys returned by dropForeignKeys again (checking every row). */
export async function recreateForeignKeys(db: Db, keys: readonly { table: string; name: string; definition: string }[]) {
  for (const fk of keys)
    await sql`alter table ${sql.table(fk.table)} add constraint ${sql.ref(fk.name)} ${sql.raw(fk.definition)}`.execute(db);
}
