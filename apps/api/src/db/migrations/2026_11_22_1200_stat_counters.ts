import { sql, type Kysely } from 'kysely';

// Maintained aggregates for the statistics and the list totals (issue 10). Counting 100 000
// customers or 3 000 000 payments on every request costs 250 ms and more on PGlite; these tables
// hold the same numbers, kept exact by triggers in the transaction of every write, so a total is
// a sum over a handful of rows.
//
// - nasabah_counts(status): living customers per status.
// - pinjaman_counts(status): living loans per status, and Σ jumlah.
// - pembayaran_counts(bulan, jenis): living payments of living loans per calendar month (first
//   day of the month) and jenis, and Σ jumlah; exactly the rows the payment list and its
//   statistics count.
//
// Each bucket is spread over 8 slots (row id mod 8) so that concurrent writes on PostgreSQL
// rarely wait for the same counter row; readers sum the slots. stat_counters_rebuild()
// recomputes everything from the tables (used here and after a bulk load, which disables the
// triggers while it writes).
export async function up(db: Kysely<any>) {
  await sql`
    create table nasabah_counts (
      status varchar(10) not null,
      slot smallint not null,
      n bigint not null default 0,
      primary key (status, slot)
    )`.execute(db);
  await sql`
    create table pinjaman_counts (
      status varchar(10) not null,
      slot smallint not null,
      n bigint not null default 0,
      jumlah bigint not null default 0,
      primary key (status, slot)
    )`.execute(db);
  await sql`
    create table pembayaran_counts (
      bulan date not null,
      jenis varchar(12) not null,
      slot smallint not null,
      n bigint not null default 0,
      jumlah bigint not null default 0,
      primary key (bulan, jenis, slot)
    )`.execute(db);

  await sql`
    create function nasabah_counts_track() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null then
        insert into nasabah_counts (status, slot, n) values (old.status, old.id % 8, -1)
        on conflict (status, slot) do update set n = nasabah_counts.n - 1;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null then
        insert into nasabah_counts (status, slot, n) values (new.status, new.id % 8, 1)
        on conflict (status, slot) do update set n = nasabah_counts.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger nasabah_counts_insert_delete after insert or delete on nasabah
    for each row execute function nasabah_counts_track()`.execute(db);
  await sql`create trigger nasabah_counts_update after update on nasabah for each row
    when (old.status is distinct from new.status or (old.deleted_at is null) <> (new.deleted_at is null)
          or old.id <> new.id)
    execute function nasabah_counts_track()`.execute(db);

  // A payment counts while it and its loan are living.
  await sql`
    create function pembayaran_counts_add(p_pinjaman_id integer, p_tanggal date, p_jenis varchar, p_id integer,
                                          p_n bigint, p_jumlah bigint) returns void language sql as $$
      insert into pembayaran_counts (bulan, jenis, slot, n, jumlah)
      values (date_trunc('month', p_tanggal)::date, p_jenis, p_id % 8, p_n, p_jumlah)
      on conflict (bulan, jenis, slot) do update
        set n = pembayaran_counts.n + excluded.n, jumlah = pembayaran_counts.jumlah + excluded.jumlah
    $$`.execute(db);

  await sql`
    create function pinjaman_counts_track() returns trigger language plpgsql as $$
    declare
      r record;
      was_living boolean := tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null;
      is_living boolean := tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null;
    begin
      if was_living then
        insert into pinjaman_counts (status, slot, n, jumlah) values (old.status, old.id % 8, -1, -old.jumlah)
        on conflict (status, slot) do update
          set n = pinjaman_counts.n - 1, jumlah = pinjaman_counts.jumlah - old.jumlah;
      end if;
      if is_living then
        insert into pinjaman_counts (status, slot, n, jumlah) values (new.status, new.id % 8, 1, new.jumlah)
        on conflict (status, slot) do update
          set n = pinjaman_counts.n + 1, jumlah = pinjaman_counts.jumlah + new.jumlah;
      end if;
      -- A loan deleted (or restored) takes its living payments out of (or back into) the counts.
      if tg_op = 'UPDATE' and was_living <> is_living then
        for r in select tanggal, jenis, id, jumlah from pembayaran where pinjaman_id = new.id and deleted_at is null loop
          perform pembayaran_counts_add(new.id, r.tanggal, r.jenis, r.id, case when is_living then 1 else -1 end,
                                        case when is_living then r.jumlah else -r.jumlah end);
        end loop;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger pinjaman_counts_insert_delete after insert or delete on pinjaman
    for each row execute function pinjaman_counts_track()`.execute(db);
  await sql`create trigger pinjaman_counts_update after update on pinjaman for each row
    when (old.status is distinct from new.status or old.jumlah is distinct from new.jumlah
          or (old.deleted_at is null) <> (new.deleted_at is null) or old.id <> new.id)
    execute function pinjaman_counts_track()`.execute(db);

  await sql`
    create function pembayaran_counts_track() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null
         and exists (select 1 from pinjaman where id = old.pinjaman_id and deleted_at is null) then
        perform pembayaran_counts_add(old.pinjaman_id, old.tanggal, old.jenis, old.id, -1, -old.jumlah);
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null
         and exists (select 1 from pinjaman where id = new.pinjaman_id and deleted_at is null) then
        perform pembayaran_counts_add(new.pinjaman_id, new.tanggal, new.jenis, new.id, 1, new.jumlah);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger pembayaran_counts_insert_delete after insert or delete on pembayaran
    for each row execute function pembayaran_counts_track()`.execute(db);
  await sql`create trigger pembayaran_counts_update after update on pembayaran for each row
    when (old.tanggal is distinct from new.tanggal or old.jenis is distinct from new.jenis
          or old.jumlah is distinct from new.jumlah or old.pinjaman_id is distinct from new.pinjaman_id
          or (old.deleted_at is null) <> (new.deleted_at is null) or old.id <> new.id)
    execute function pembayaran_counts_track()`.execute(db);

  await sql`
    create function stat_counters_rebuild() returns void language sql as $$
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
  await sql`select stat_counters_rebuild()`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const [trigger, table] of [
    ['nasabah_counts_insert_delete', 'nasabah'],
    ['nasabah_counts_update', 'nasabah'],
    ['pinjaman_counts_insert_delete', 'pinjaman'],
    ['pinjaman_counts_update', 'pinjaman'],
    ['pembayaran_counts_insert_delete', 'pembayaran'],
    ['pembayaran_counts_update', 'pembayaran'],
  ] as const) {
    await sql`drop trigger if exists ${sql.raw(trigger)} on ${sql.raw(table)}`.execute(db);
  }
  await sql`drop function if exists stat_counters_rebuild()`.execute(db);
  await sql`drop function if exists pembayaran_counts_track()`.execute(db);
  await sql`drop function if exists pinjaman_counts_track()`.execute(db);
  await sql`drop function if exists nasabah_counts_track()`.execute(db);
  await sql`drop function if exists pembayaran_counts_add(integer, date, varchar, integer, bigint, bigint)`.execute(db);
  await sql`drop table if exists pembayaran_counts, pinjaman_counts, nasabah_counts`.execute(db);
}
