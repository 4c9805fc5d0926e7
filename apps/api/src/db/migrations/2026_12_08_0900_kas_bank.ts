import { sql, type Kysely } from 'kysely';

// Cash and bank kept apart (issue 48: "a payment records how it was paid, tunai or transfer to
// which bank account, so that cash and bank are separate"; docs/decisions/books.md).
// - `akun.kas_bank`: the account holds the institution's cash or a bank account of its own; money
//   is received into or paid out of one of these (1101 Kas and 1102 Bank of the default chart).
// - `pembayaran.akun_kas_id`: where a payment was received (null: in cash, the account of the
//   role `kas`); `pinjaman.akun_kas_id`: where a loan was disbursed from (null: cash).
// - `mutasi_pinjaman.akun_kas_id`: the account a money event's cash moved through, set when the
//   event is written (a reversal takes the one of the event it reverses): the event's journal posts
//   its cash there instead of to the role `kas`. Null (every event before this) is the role `kas`.
// - `akun_peran_riwayat`: every account a posting role has ever gone to (the current one
//   included). The institution remaps a role in Pengaturan (a journal keeps the accounts it
//   posted to); the tie-outs compare a role's figure with the balance of all its accounts.
// - the month-end provision (PPAP): the role `beban_ppap` (account 6101) and journals of kind 'ppap'.
// Adding a nullable column without a default rewrites no row, however many events there are.
export async function up(db: Kysely<any>) {
  await sql`alter table akun add column kas_bank boolean not null default false`.execute(db);
  await sql`update akun set kas_bank = true where kode in ('1101', '1102')`.execute(db);
  await sql`alter table pembayaran add column akun_kas_id integer references akun (id)`.execute(db);
  await sql`alter table pinjaman add column akun_kas_id integer references akun (id)`.execute(db);
  await sql`alter table mutasi_pinjaman add column akun_kas_id integer`.execute(db);
  // Whether an account was used (it then keeps its code and cannot be deleted): few rows name one.
  await sql`create index pembayaran_akun_kas_idx on pembayaran (akun_kas_id) where akun_kas_id is not null`.execute(db);
  await sql`create index pinjaman_akun_kas_idx on pinjaman (akun_kas_id) where akun_kas_id is not null`.execute(db);
  await sql`create table akun_peran_riwayat (
    peran varchar(40) not null,
    akun_id integer not null references akun (id),
    sejak timestamptz not null default now(),
    primary key (peran, akun_id)
  )`.execute(db);
  // The month-end provision (PPAP): its expense has a role (6101 of the default chart), its
  // journals a kind of their own.
  await sql`insert into akun_peran (peran, akun_id) select 'beban_ppap', id from akun where kode = '6101'
    on conflict (peran) do nothing`.execute(db);
  await sql`insert into akun_peran_riwayat (peran, akun_id) select peran, akun_id from akun_peran`.execute(db);
  await sql`alter table jurnal drop constraint jurnal_sumber_check`.execute(db);
  await sql`alter table jurnal add constraint jurnal_sumber_check
    check (sumber in ('mutasi', 'dana_kebajikan', 'umum', 'ppap'))`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table jurnal drop constraint jurnal_sumber_check`.execute(db);
  await sql`alter table jurnal add constraint jurnal_sumber_check check (sumber in ('mutasi', 'dana_kebajikan', 'umum'))`.execute(
    db,
  );
  await sql`delete from akun_peran where peran = 'beban_ppap'`.execute(db);
  await sql`drop table akun_peran_riwayat`.execute(db);
  await sql`alter table mutasi_pinjaman drop column akun_kas_id`.execute(db);
  await sql`alter table pinjaman drop column akun_kas_id`.execute(db);
  await sql`alter table pembayaran drop column akun_kas_id`.execute(db);
  await sql`alter table akun drop column kas_bank`.execute(db);
}
