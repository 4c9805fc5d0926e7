import { sql, type Kysely } from 'kysely';

// Numbered payment receipts (issue 25): every payment gets a receipt number KW/<year>/<n>, n
// counting 1, 2, 3 … per calendar year of the payment's date, without gaps.
// - The number is given by a trigger on pembayaran in the inserting transaction, so every way a
//   payment is written (the API, the demo seed, a later import) numbers it, and a rolled-back
//   payment gives its number back: the year's counter row is updated in the same transaction and
//   held locked until the commit, so concurrent payments queue on it and take n, n+1, … in commit
//   order (the price of "without gaps"; only the short tail of a payment's transaction).
// - The numbers live beside the payment, not in it: numbering 3 million existing payments inserts
//   narrow rows instead of rewriting every payment row and its indexes, and printing a receipt
//   (the print count below) never touches pembayaran or fires its counters.
// - A deleted payment keeps its row here (soft delete), so its number is never given again.
// - kwitansi_pembayaran_number_missing() numbers payments that have none, in date order: this
//   migration, the scale loader (triggers off) and a restore of an archive made before it call it.
export async function up(db: Kysely<any>) {
  await sql`
    create table kwitansi_pembayaran_counters (
      tahun smallint primary key,
      terakhir integer not null
    )`.execute(db);
  await sql`
    create table kwitansi_pembayaran (
      pembayaran_id integer not null,
      tahun smallint not null,
      urut integer not null,
      dicetak integer not null default 0,
      terakhir_dicetak timestamptz
    )`.execute(db);
  await sql`
    create function kwitansi_pembayaran_number_missing() returns void language sql as $$
      insert into kwitansi_pembayaran (pembayaran_id, tahun, urut)
        select b.id, extract(year from b.tanggal)::smallint,
               coalesce((select c.terakhir from kwitansi_pembayaran_counters c
                         where c.tahun = extract(year from b.tanggal)), 0)
               + row_number() over (partition by extract(year from b.tanggal) order by b.tanggal, b.id)
        from pembayaran b
        where not exists (select 1 from kwitansi_pembayaran k where k.pembayaran_id = b.id);
      insert into kwitansi_pembayaran_counters (tahun, terakhir)
        select tahun, max(urut) from kwitansi_pembayaran group by tahun
      on conflict (tahun) do update set terakhir = excluded.terakhir;
    $$`.execute(db);
  // The existing payments first, keys after (one pass over the rows instead of one per row).
  await sql`select kwitansi_pembayaran_number_missing()`.execute(db);
  await sql`alter table kwitansi_pembayaran add primary key (pembayaran_id)`.execute(db);
  await sql`alter table kwitansi_pembayaran add constraint kwitansi_pembayaran_nomor_key unique (tahun, urut)`.execute(db);
  await sql`alter table kwitansi_pembayaran add constraint kwitansi_pembayaran_pembayaran_fk
    foreign key (pembayaran_id) references pembayaran (id) on delete cascade`.execute(db);

  await sql`
    create function kwitansi_pembayaran_number() returns trigger language plpgsql as $$
    declare
      y smallint := extract(year from new.tanggal);
      n integer;
    begin
      insert into kwitansi_pembayaran_counters (tahun, terakhir) values (y, 1)
        on conflict (tahun) do update set terakhir = kwitansi_pembayaran_counters.terakhir + 1
        returning terakhir into n;
      insert into kwitansi_pembayaran (pembayaran_id, tahun, urut) values (new.id, y, n);
      return null;
    end $$`.execute(db);
  // Named to fire before the counters' triggers (alphabetical order): a payment waiting for the
  // year's number holds no counter row that another payment could need.
  await sql`create trigger pembayaran_a_kwitansi after insert on pembayaran
    for each row execute function kwitansi_pembayaran_number()`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop trigger pembayaran_a_kwitansi on pembayaran`.execute(db);
  await sql`drop function kwitansi_pembayaran_number()`.execute(db);
  await sql`drop function kwitansi_pembayaran_number_missing()`.execute(db);
  await sql`drop table kwitansi_pembayaran`.execute(db);
  await sql`drop table kwitansi_pembayaran_counters`.execute(db);
}
