import { sql, type Kysely } from 'kysely';

// The payments of one day, maintained like the month's (2026_11_22_1200_stat_counters): the
// dashboard's "today", the close of a day and the back-filled month-ends sum a day's payments.
// Summing them row by row joins every payment to its loan to leave out deleted loans, and that
// join read cold loan pages for 120 ms and more on PGlite's thread at a busy month-end (bench
// run 12). pembayaran_hari_counts(tanggal) holds the living payments of living loans per date,
// kept by the same trigger function as the month's counter, so every write, a loan's deletion or
// restoration included, moves both in the same transaction.
export async function up(db: Kysely<any>) {
  await sql`
    create table pembayaran_hari_counts (
      tanggal date not null,
      slot smallint not null,
      n bigint not null default 0,
      jumlah bigint not null default 0,
      primary key (tanggal, slot)
    )`.execute(db);
  await sql`
    create or replace function pembayaran_counts_add(p_pinjaman_id integer, p_tanggal date, p_jenis varchar, p_id integer,
                                                     p_n bigint, p_jumlah bigint) returns void language sql as $$
      insert into pembayaran_counts (bulan, jenis, slot, n, jumlah)
      values (date_trunc('month', p_tanggal)::date, p_jenis, p_id % 8, p_n, p_jumlah)
      on conflict (bulan, jenis, slot) do update
        set n = pembayaran_counts.n + excluded.n, jumlah = pembayaran_counts.jumlah + excluded.jumlah;
      insert into pembayaran_hari_counts (tanggal, slot, n, jumlah)
      values (p_tanggal, p_id % 8, p_n, p_jumlah)
      on conflict (tanggal, slot) do update
        set n = pembayaran_hari_counts.n + excluded.n, jumlah = pembayaran_hari_counts.jumlah + excluded.jumlah;
    $$`.execute(db);
  await sql`
    create or replace function stat_counters_rebuild() returns void language sql as $$
      delete from nasabah_counts;
      insert into nasabah_counts (status, slot, n)
        select status, id % 8, count(*) from nasabah where deleted_at is null group by 1, 2;
      delete from pinjaman_counts;
      insert into pinjaman_counts (status, slot, n, jumlah)
        select status, id % 8, count(*), sum(jumlah) from pinjaman where deleted_at is null group by 1, 2;
      delete from pembayaran_counts;
      insert into pembayaran_counts (bulan, jenis, slot, n, jumlah)
        select date_trunc('month', b.tanggal)::date, b.jenis, b.id % 8, count(*), sum(b.jumlah)
        from pembayaran b join pinjaman p on p.id = b.pinjaman_id
        where b.deleted_at is null and p.deleted_at is null group by 1, 2, 3;
      delete from pembayaran_hari_counts;
      insert into pembayaran_hari_counts (tanggal, slot, n, jumlah)
        select b.tanggal, b.id % 8, count(*), sum(b.jumlah)
        from pembayaran b join pinjaman p on p.id = b.pinjaman_id
        where b.deleted_at is null and p.deleted_at is null group by 1, 2;
    $$`.execute(db);
  await sql`
    insert into pembayaran_hari_counts (tanggal, slot, n, jumlah)
      select b.tanggal, b.id % 8, count(*), sum(b.jumlah)
      from pembayaran b join pinjaman p on p.id = b.pinjaman_id
      where b.deleted_at is null and p.deleted_at is null group by 1, 2`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`
    create or replace function pembayaran_counts_add(p_pinjaman_id integer, p_tanggal date, p_jenis varchar, p_id integer,
                                                     p_n bigint, p_jumlah bigint) returns void language sql as $$
      insert into pembayaran_counts (bulan, jenis, slot, n, jumlah)
      values (date_trunc('month', p_tanggal)::date, p_jenis, p_id % 8, p_n, p_jumlah)
      on conflict (bulan, jenis, slot) do update
        set n = pembayaran_counts.n + excluded.n, jumlah = pembayaran_counts.jumlah + excluded.jumlah
    $$`.execute(db);
  await sql`
    create or replace function stat_counters_rebuild() returns void language sql as $$
      delete from nasabah_counts;
      insert into nasabah_counts (status, slot, n)
        select status, id % 8, count(*) from nasabah where deleted_at is null group by 1, 2;
      delete from pinjaman_counts;
      insert into pinjaman_counts (status, slot, n, jumlah)
        select status, id % 8, count(*), sum(jumlah) from pinjaman where deleted_at is null group by 1, 2;
      delete from pembayaran_counts;
      insert into pembayaran_counts (bulan, jenis, slot, n, jumlah)
        select date_trunc('month', b.tanggal)::date, b.jenis, b.id % 8, count(*), sum(b.jumlah)
        from pembayaran b join pinjaman p on p.id = b.pinjaman_id
        where b.deleted_at is null and p.deleted_at is null group by 1, 2, 3;
    $$`.execute(db);
  await sql`drop table if exists pembayaran_hari_counts`.execute(db);
}
