import { sql, type Kysely } from 'kysely';

// Approval of financing (issue 27 A). A new role `manajer` may approve; a loan may be `ditolak`
// (rejected: kept with its history, never disbursed). Every request that needs a second person's
// decision is a row of `persetujuan`: a new loan (`pinjaman`), an early settlement whose khasm
// discount is above the institution's limit (`pelunasan`, issue 27 B) and a rescheduling
// (`penjadwalan`, issue 27 D). At most one request of a kind waits on a loan.
export async function up(db: Kysely<any>) {
  await sql`alter table users drop constraint if exists users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('admin', 'manajer', 'operator', 'user'))`.execute(
    db,
  );
  await sql`alter table pinjaman drop constraint if exists pinjaman_status_check`.execute(db);
  await sql`alter table pinjaman add constraint pinjaman_status_check
    check (status in ('aktif', 'lunas', 'macet', 'pending', 'ditolak'))`.execute(db);
  await sql`create table persetujuan (
    id serial primary key,
    jenis varchar(20) not null check (jenis in ('pinjaman', 'pelunasan', 'penjadwalan')),
    pinjaman_id integer not null references pinjaman (id),
    status varchar(10) not null default 'menunggu' check (status in ('menunggu', 'disetujui', 'ditolak', 'dibatalkan')),
    data jsonb,
    diajukan_oleh integer not null references users (id),
    diajukan_pada timestamptz not null default now(),
    diputuskan_oleh integer references users (id),
    diputuskan_pada timestamptz,
    catatan text
  )`.execute(db);
  await sql`create unique index persetujuan_menunggu_key on persetujuan (pinjaman_id, jenis) where status = 'menunggu'`.execute(
    db,
  );
  await sql`create index persetujuan_status_idx on persetujuan (status, id desc)`.execute(db);
  await sql`create index persetujuan_pinjaman_idx on persetujuan (pinjaman_id, id desc)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists persetujuan`.execute(db);
  await sql`update pinjaman set status = 'pending' where status = 'ditolak'`.execute(db);
  await sql`alter table pinjaman drop constraint if exists pinjaman_status_check`.execute(db);
  await sql`alter table pinjaman add constraint pinjaman_status_check check (status in ('aktif', 'lunas', 'macet', 'pending'))`.execute(
    db,
  );
  await sql`update users set role = 'operator' where role = 'manajer'`.execute(db);
  await sql`alter table users drop constraint if exists users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('admin', 'operator', 'user'))`.execute(db);
}
