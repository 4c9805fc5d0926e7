import { sql, type Kysely } from 'kysely';
import { baganAkunBawaan, kelompokAkun } from '@mizan/core';

// The books (issue 48; docs/decisions/books.md). The chart of accounts (`akun`, the default chart of
// a KSPPS under SAK EP as it stood at this migration; the institution changes it afterwards), the
// account each posting role goes to (`akun_peran`), and the journals: a header (`jurnal`) and its
// lines (`jurnal_baris`). A money event's journal is written by the one writer of money in the
// event's own statement (modules/mutasi); the events recorded before this are journalled by the
// books' back-fill (modules/akuntansi, resumable). The database itself keeps the books honest:
// - every statement that writes lines leaves each journal it touched balanced (debit = kredit), its
//   lines dated as their journal and naming accounts of the chart (a statement trigger over the
//   lines it wrote: one look-up per journal and per account instead of a foreign key's per line,
//   ten million lines at scale; an account a line names cannot be deleted), so no transaction
//   can commit an unbalanced journal, nor add a line to a journal posted earlier unless it keeps
//   that journal balanced;
// - a journal without lines is refused when its transaction commits (a deferred trigger that also
//   adds the journal to the balances per account and day, `saldo_akun_harian`, and per month,
//   `saldo_akun_bulanan`: the trial balance and the ledger's opening balances read those; one row
//   per account and day or month, locked for the commit alone, in account order so that two commits
//   never wait for each other crosswise; a payment's commit already waits for the receipt counter,
//   so rows split per slot bought nothing and made every read of them eight times longer);
// - a posted journal or line is never updated or deleted (a correction is a reversing journal).
// An import or the back-fill (`mizan.massal` = 'on') adds its batch to the balances set-based.
const MASSAL = `current_setting('mizan.massal', true) is distinct from 'on'`;

export async function up(db: Kysely<any>) {
  await sql`create table akun (
    id serial primary key,
    kode varchar(20) not null unique,
    nama varchar(120) not null,
    kelompok varchar(24) not null check (kelompok in (${sql.join(kelompokAkun.map((k) => sql.lit(k)))})),
    saldo_normal varchar(6) not null check (saldo_normal in ('debit', 'kredit')),
    aktif boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table akun_peran (
    peran varchar(40) primary key,
    akun_id integer not null references akun (id)
  )`.execute(db);
  for (const akun of baganAkunBawaan)
    await sql`insert into akun (kode, nama, kelompok, saldo_normal)
      values (${akun.kode}, ${akun.nama}, ${akun.kelompok}, ${akun.saldo_normal})`.execute(db);
  for (const akun of baganAkunBawaan)
    if (akun.peran)
      await sql`insert into akun_peran (peran, akun_id) select ${akun.peran}, id from akun where kode = ${akun.kode}`.execute(db);

  await sql`create table jurnal (
    id serial primary key,
    tanggal date not null,
    sumber varchar(16) not null check (sumber in ('mutasi', 'dana_kebajikan', 'umum')),
    mutasi_id integer unique references mutasi_pinjaman (id),
    dana_kebajikan_id integer unique references dana_kebajikan (id),
    keterangan varchar(300),
    membalik_id integer unique references jurnal (id),
    dicatat_oleh integer references users (id),
    created_at timestamptz not null default now(),
    check ((sumber = 'mutasi') = (mutasi_id is not null)),
    check ((sumber = 'dana_kebajikan') = (dana_kebajikan_id is not null))
  )`.execute(db);
  await sql`create index jurnal_tanggal_idx on jurnal (tanggal, id)`.execute(db);
  await sql`create table jurnal_baris (
    id serial primary key,
    jurnal_id integer not null,
    akun_id integer not null,
    tanggal date not null,
    debit bigint not null default 0 check (debit >= 0),
    kredit bigint not null default 0 check (kredit >= 0),
    check ((debit > 0) <> (kredit > 0))
  )`.execute(db);
  await sql`create index jurnal_baris_jurnal_idx on jurnal_baris (jurnal_id)`.execute(db);
  await sql`create index jurnal_baris_akun_idx on jurnal_baris (akun_id, tanggal, id)`.execute(db);
  for (const [table, key] of [
    ['saldo_akun_harian', 'tanggal'],
    ['saldo_akun_bulanan', 'bulan'],
  ] as const)
    await sql`create table ${sql.table(table)} (
      akun_id integer not null references akun (id),
      ${sql.ref(key)} date not null,
      debit bigint not null default 0,
      kredit bigint not null default 0,
      primary key (akun_id, ${sql.ref(key)})
    )`.execute(db);

  // The trial balance reads this month's days of every account.
  await sql`create index saldo_akun_harian_tanggal_idx on saldo_akun_harian (tanggal)`.execute(db);

  await sql`create function jurnal_tetap() returns trigger language plpgsql as $$
    begin
      raise exception 'Jurnal yang sudah diposting tidak dapat diubah atau dihapus; koreksi dicatat sebagai jurnal pembalik'
        using errcode = 'P0001';
    end $$`.execute(db);
  for (const table of ['jurnal', 'jurnal_baris'])
    await sql`create trigger ${sql.raw(`${table}_tetap`)} before update or delete on ${sql.table(table)}
      for each row execute function jurnal_tetap()`.execute(db);

  // Each journal the statement touched, looked up through its index one by one (LATERAL): a
  // join would let the planner scan every line of the books for each statement.
  await sql`create function jurnal_baris_seimbang() returns trigger language plpgsql as $$
    declare
      salah integer;
    begin
      select d.jurnal_id into salah
        from (select distinct jurnal_id from baru) d
        cross join lateral (select sum(b.debit) - sum(b.kredit) as selisih from jurnal_baris b
                            where b.jurnal_id = d.jurnal_id) s
        where s.selisih <> 0 limit 1;
      if salah is not null then
        raise exception 'Jurnal % tidak seimbang: jumlah debit harus sama dengan jumlah kredit', salah
          using errcode = 'P0001';
      end if;
      select d.jurnal_id into salah
        from (select distinct jurnal_id, tanggal from baru) d
        left join lateral (select j.tanggal from jurnal j where j.id = d.jurnal_id) j on true
        where j.tanggal is distinct from d.tanggal limit 1;
      if salah is not null then
        raise exception 'Baris jurnal % harus bertanggal sama dengan jurnalnya', salah using errcode = 'P0001';
      end if;
      select d.akun_id into salah
        from (select distinct akun_id from baru) d
        where not exists (select 1 from akun a where a.id = d.akun_id) limit 1;
      if salah is not null then
        raise exception 'Akun % tidak ada di bagan akun', salah using errcode = 'P0001';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger jurnal_baris_seimbang after insert on jurnal_baris
    referencing new table as baru for each statement execute function jurnal_baris_seimbang()`.execute(db);

  // An account a journal line names cannot be deleted (it can be deactivated).
  await sql`create function akun_terpakai() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from jurnal_baris where akun_id = old.id) then
        raise exception 'Akun % sudah dipakai jurnal dan tidak dapat dihapus; nonaktifkan saja', old.kode
          using errcode = 'P0001';
      end if;
      return old;
    end $$`.execute(db);
  await sql`create trigger akun_terpakai before delete on akun for each row execute function akun_terpakai()`.execute(db);

  await sql`create function jurnal_ke_saldo() returns trigger language plpgsql as $$
    declare
      n integer;
    begin
      insert into saldo_akun_harian as s (akun_id, tanggal, debit, kredit)
        select akun_id, new.tanggal, sum(debit), sum(kredit) from jurnal_baris
        where jurnal_id = new.id group by akun_id order by akun_id
        on conflict (akun_id, tanggal) do update
          set debit = s.debit + excluded.debit, kredit = s.kredit + excluded.kredit;
      get diagnostics n = row_count;
      if n = 0 then
        raise exception 'Jurnal % tidak mempunyai baris', new.id using errcode = 'P0001';
      end if;
      insert into saldo_akun_bulanan as s (akun_id, bulan, debit, kredit)
        select akun_id, date_trunc('month', new.tanggal)::date, sum(debit), sum(kredit) from jurnal_baris
        where jurnal_id = new.id group by akun_id order by akun_id
        on conflict (akun_id, bulan) do update
          set debit = s.debit + excluded.debit, kredit = s.kredit + excluded.kredit;
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger jurnal_ke_saldo after insert on jurnal
    deferrable initially deferred for each row
    when (${sql.raw(MASSAL)}) execute function jurnal_ke_saldo()`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const table of ['saldo_akun_bulanan', 'saldo_akun_harian', 'jurnal_baris', 'jurnal', 'akun_peran', 'akun'])
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  for (const fn of ['jurnal_ke_saldo', 'jurnal_baris_seimbang', 'jurnal_tetap', 'akun_terpakai'])
    await sql`drop function if exists ${sql.raw(fn)}()`.execute(db);
}
