import { sql, type Kysely } from 'kysely';
import {
  mutasiPartNames,
  type AkunRekonsiliasi,
  type CekRekonsiliasi,
  type HasilCek,
  type JenisMutasi,
  type MutasiParts,
  type PeranAkun,
} from '@mizan/core';
import type { DB } from '../../db/schema';

// The daily reconciliation's reads and its results (issue 48 item 5; migration
// 2026_12_08_0920_rekonsiliasi_buku). The large tables (the money events, the journal lines) are
// read in ranges of their ids, each one index range scan and one aggregate, so that no statement
// holds PGlite's thread long; the service reads every range in one snapshot.

/** Each part of the money events summed (`sum(<alias>.<part>) as <part>`). */
const partSums = (alias: string) => sql.raw(mutasiPartNames.map((part) => `sum(${alias}.${part})::bigint as ${part}`).join(', '));

/** Where the money events, the journals and the journal lines end now: the ranges are read up to these ids. */
export async function lastIds(trx: Kysely<DB>) {
  const { rows } = await sql<Record<'mutasi' | 'jurnal' | 'baris', number | null>>`
    select (select max(id) from mutasi_pinjaman) as mutasi, (select max(id) from jurnal) as jurnal,
      (select max(id) from jurnal_baris) as baris`.execute(trx);
  const row = rows[0];
  return { mutasi: Number(row?.mutasi ?? 0), jurnal: Number(row?.jurnal ?? 0), baris: Number(row?.baris ?? 0) };
}

/** Ids in (after, to]. */
export type IdRange = readonly [after: number, to: number];

/**
 * The money events of ids in `mutasi` dated up to `tanggal`: the sum of their parts per loan
 * type, and how many they are. The range is read by the primary key and summed per loan first,
 * then each loan's type looked up once (a join let the planner hash every loan of the table, or
 * look a loan up once per event: two to four times as long on PGlite).
 */
export async function eventSums(trx: Kysely<DB>, tanggal: string, mutasi: IdRange) {
  const { rows } = await sql<MutasiParts & { tipe: 'pokok' | 'non-pokok'; events: number }>`
    with e as (
      select pinjaman_id, ${partSums('m')}, count(*) as events
      from mutasi_pinjaman m
      where m.id > ${mutasi[0]} and m.id <= ${mutasi[1]} and m.tanggal <= ${tanggal}::date
      group by pinjaman_id
    )
    select (select l.tipe from pinjaman l where l.id = e.pinjaman_id) as tipe, ${partSums('e')}, sum(e.events)::int as events
    from e group by 1`.execute(trx);
  return rows;
}

/**
 * How many journals of ids in `jurnal` are of money events, dated up to `tanggal` (as their
 * events): the journals of a range of ids are read by their primary key.
 */
export async function eventJournalCount(trx: Kysely<DB>, tanggal: string, jurnal: IdRange) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from jurnal
    where id > ${jurnal[0]} and id <= ${jurnal[1]} and sumber = 'mutasi' and tanggal <= ${tanggal}::date`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/** A money event without a journal, as its journal would need it (to tell one that moved nothing the books hold). */
export type EventWithoutJournal = MutasiParts & {
  id: number;
  jenis: JenisMutasi;
  tipe: 'pokok' | 'non-pokok';
  dibalik: JenisMutasi | null;
};

/** The money events of ids in `mutasi` dated up to `tanggal` that have no journal. */
export async function eventsWithoutJournal(trx: Kysely<DB>, tanggal: string, mutasi: IdRange) {
  const { rows } = await sql<EventWithoutJournal>`
    select m.*, l.tipe, o.jenis as dibalik
    from mutasi_pinjaman m
      join pinjaman l on l.id = m.pinjaman_id
      left join mutasi_pinjaman o on o.id = m.membalik_id
    where m.id > ${mutasi[0]} and m.id <= ${mutasi[1]} and m.tanggal <= ${tanggal}::date
      and not exists (select 1 from jurnal j where j.mutasi_id = m.id)
    order by m.id`.execute(trx);
  return rows;
}

/**
 * The journal lines of ids in `baris` per account: debits less credits dated up to `tanggal`, and
 * of them those dated before its month.
 */
export async function lineSums(trx: Kysely<DB>, tanggal: string, baris: IdRange) {
  const { rows } = await sql<{ akun_id: number; baris: number; baris_sebelum_bulan: number }>`
    select akun_id, sum(debit - kredit)::bigint as baris,
      coalesce(sum(debit - kredit) filter (where tanggal < date_trunc('month', ${tanggal}::date)), 0)::bigint as baris_sebelum_bulan
    from jurnal_baris
    where id > ${baris[0]} and id <= ${baris[1]} and tanggal <= ${tanggal}::date
    group by akun_id`.execute(trx);
  return rows;
}

/**
 * Every account with a kept balance: its balance up to `tanggal` as the trial balance reads it
 * (months before from `saldo_akun_bulanan`, the month's days from `saldo_akun_harian`), the sum of
 * its daily balances up to it, and of its monthly balances of the months before it.
 */
export async function keptBalances(trx: Kysely<DB>, tanggal: string) {
  const { rows } = await sql<AkunRekonsiliasi & { akun_id: number; saldo: number; harian: number; bulanan: number }>`
    with bulan as (select date_trunc('month', ${tanggal}::date)::date as awal),
    h as (
      select akun_id, sum(debit - kredit) as harian,
        coalesce(sum(debit - kredit) filter (where tanggal >= (select awal from bulan)), 0) as bulan_ini
      from saldo_akun_harian where tanggal <= ${tanggal}::date group by akun_id
    ),
    b as (
      select akun_id, sum(debit - kredit) as bulanan
      from saldo_akun_bulanan where bulan < (select awal from bulan) group by akun_id
    )
    select a.id as akun_id, a.kode, a.nama, a.saldo_normal,
      (coalesce(b.bulanan, 0) + coalesce(h.bulan_ini, 0))::bigint as saldo,
      coalesce(h.harian, 0)::bigint as harian, coalesce(b.bulanan, 0)::bigint as bulanan
    from akun a left join h on h.akun_id = a.id left join b on b.akun_id = a.id
    order by a.kode`.execute(trx);
  return rows;
}

/** The dana kebajikan's entries dated up to `tanggal`: ta'zir collected and disbursed. */
export async function fundTotals(trx: Kysely<DB>, tanggal: string) {
  const { rows } = await sql<{ masuk: number; keluar: number }>`
    select coalesce(sum(jumlah) filter (where arah = 'masuk'), 0)::bigint as masuk,
      coalesce(sum(jumlah) filter (where arah = 'keluar'), 0)::bigint as keluar
    from dana_kebajikan where tanggal <= ${tanggal}::date`.execute(trx);
  return rows[0] ?? { masuk: 0, keluar: 0 };
}

/** The account each of `roles` posts to, and the codes of every account it has posted to (`akun_peran_riwayat`). */
export async function roleAccounts(trx: Kysely<DB>, roles: readonly PeranAkun[]) {
  const { rows } = await sql<AkunRekonsiliasi & { peran: PeranAkun; semua_kode: string[] }>`
    select p.peran, a.kode, a.nama, a.saldo_normal,
      array(select r.kode from akun_peran_riwayat h join akun r on r.id = h.akun_id
            where h.peran = p.peran order by r.kode) as semua_kode
    from akun_peran p join akun a on a.id = p.akun_id
    where p.peran = any(${roles}::text[])`.execute(trx);
  return rows;
}

/** Stores one run and its checks; answers its id. */
export async function insertReconciliation(
  trx: Kysely<DB>,
  run: { tanggal: string; dijalankan_oleh: number | null },
  checks: readonly HasilCek[],
) {
  const { id } = await trx
    .insertInto('rekonsiliasi_buku')
    .values({ tanggal: run.tanggal, cocok: checks.every((c) => c.cocok), dijalankan_oleh: run.dijalankan_oleh })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('rekonsiliasi_buku_cek')
    .values(checks.map((c, index) => ({ rekonsiliasi_id: id, urutan: index + 1, ...c })))
    .execute();
  return id;
}

/** A stored run with its checks (the account's name as it is now), or undefined. */
export async function reconciliation(db: Kysely<DB>, id: number | 'terbaru') {
  const { rows } = await sql<{
    id: number;
    tanggal: string;
    created_at: Date;
    dijalankan_oleh: string | null;
    cocok: boolean;
    cek: {
      cek: CekRekonsiliasi;
      akun_kode: string | null;
      akun_nama: string | null;
      seharusnya: number;
      tercatat: number;
      selisih: number;
      cocok: boolean;
    }[];
  }>`
    select r.id, r.tanggal, r.created_at, r.cocok,
      (select coalesce(u.nama_lengkap, u.username) from users u where u.id = r.dijalankan_oleh) as dijalankan_oleh,
      (select json_agg(json_build_object('cek', c.cek, 'akun_kode', c.akun_kode, 'akun_nama', a.nama,
          'seharusnya', c.seharusnya, 'tercatat', c.tercatat, 'selisih', c.selisih, 'cocok', c.cocok) order by c.urutan)
       from rekonsiliasi_buku_cek c left join akun a on a.kode = c.akun_kode
       where c.rekonsiliasi_id = r.id) as cek
    from rekonsiliasi_buku r
    where ${id === 'terbaru' ? sql`true` : sql`r.id = ${id}`}
    order by r.id desc limit 1`.execute(db);
  return rows[0];
}
