import { sql, type Kysely } from 'kysely';

// Issue 51 item 4: the person who proposed a request may withdraw it while it waits (status
// `ditarik`, who and when in diputuskan_oleh / diputuskan_pada, the reason in catatan), so that no
// request waits for ever.
export async function up(db: Kysely<any>) {
  await sql`alter table persetujuan drop constraint if exists persetujuan_status_check`.execute(db);
  await sql`alter table persetujuan add constraint persetujuan_status_check
    check (status in ('menunggu', 'disetujui', 'ditolak', 'dibatalkan', 'ditarik'))`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`update persetujuan set status = 'dibatalkan' where status = 'ditarik'`.execute(db);
  await sql`alter table persetujuan drop constraint if exists persetujuan_status_check`.execute(db);
  await sql`alter table persetujuan add constraint persetujuan_status_check
    check (status in ('menunggu', 'disetujui', 'ditolak', 'dibatalkan'))`.execute(db);
}
