import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** One round trip to the database; throws when it does not answer. */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

export interface Figures {
  queued: number;
  oldestSeconds: number;
  lastBackupSeconds: number | null;
  lastBackupFailed: boolean;
}

/** What the database says at scrape time: the WhatsApp queue and the last backup. */
export async function operationalFigures(db: Kysely<DB>, now: Date): Promise<Figures> {
  // One statement (one round trip): the queue's length and oldest message, the last good backup
  // and the status of the last finished one.
  const { rows } = await sql<{ n: string | number; oldest: Date | null; last_ok: Date | null; last_status: string | null }>`
    select (select count(*) from wa_messages where status = 'QUEUED') as n,
           (select min(created_at) from wa_messages where status = 'QUEUED') as oldest,
           (select max(finished_at) from backup_runs where status = 'berhasil') as last_ok,
           (select status from backup_runs where status <> 'berjalan' order by id desc limit 1) as last_status`.execute(db);
  const row = rows[0];
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return {
    queued: Number(row?.n ?? 0),
    oldestSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
    lastBackupSeconds: row?.last_ok ? new Date(row.last_ok).getTime() / 1000 : null,
    lastBackupFailed: row?.last_status === 'gagal',
  };
}
