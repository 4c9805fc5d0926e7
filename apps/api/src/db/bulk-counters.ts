/**
 * What the counter triggers do for a typed row, done once per batch for an import (migration
 * 2026_11_30_0910_bulk_writes): inside the import's transaction, with `mizan.massal` on, the
 * triggers stand aside and these statements add the same counts, set-based.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

/** Turns the counter triggers aside for the rest of this transaction. */
export async function massal(trx: Kysely<DB>) {
  await sql`select set_config('mizan.massal', 'on', true)`.execute(trx);
}

const CHUNK = 5000;
async function inChunks(ids: readonly number[], work: (part: number[]) => Promise<unknown>) {
  for (let start = 0; start < ids.length; start += CHUNK) await work(ids.slice(start, start + CHUNK));
}

/** The new customers in nasabah_counts. */
export const countCustomers = (trx: Kysely<DB>, ids: readonly number[]) =>
  inChunks(ids, (part) =>
    sql`insert into nasabah_counts (status, slot, n)
      select status, id % 8, count(*) from nasabah where id = any(${part}::int[]) and deleted_at is null group by 1, 2
      on conflict (status, slot) do update set n = nasabah_counts.n + excluded.n`.execute(trx),
  );

/** The new loans in pinjaman_counts. */
export const countLoans = (trx: Kysely<DB>, ids: readonly number[]) =>
  inChunks(ids, (part) =>
    sql`insert into pinjaman_counts (status, slot, n, jumlah)
      select status, id % 8, count(*), sum(jumlah) from pinjaman where id = any(${part}::int[]) and deleted_at is null group by 1, 2
      on conflict (status, slot) do update
        set n = pinjaman_counts.n + excluded.n, jumlah = pinjaman_counts.jumlah + excluded.jumlah`.execute(trx),
  );

/** Loans whose status moved (a settlement made them lunas): out of the old status's count, into the new one's. */
export async function moveLoanStatuses(
  trx: Kysely<DB>,
  changes: readonly { id: number; jumlah: number; lama: string; baru: string }[],
) {
  const deltas = new Map<string, { status: string; slot: number; n: number; jumlah: number }>();
  const add = (status: string, slot: number, n: number, jumlah: number) => {
    const key = `${status}|${slot}`;
    const d = deltas.get(key) ?? { status, slot, n: 0, jumlah: 0 };
    d.n += n;
    d.jumlah += jumlah;
    deltas.set(key, d);
  };
  for (const c of changes) {
    add(c.lama, c.id % 8, -1, -c.jumlah);
    add(c.baru, c.id % 8, 1, c.jumlah);
  }
  const rows = [...deltas.values()].filter((d) => d.n !== 0 || d.jumlah !== 0);
  if (rows.length === 0) return;
  const values = sql.join(rows.map((d) => sql`(${d.status}::varchar, ${d.slot}::smallint, ${d.n}::bigint, ${d.jumlah}::bigint)`));
  await sql`insert into pinjaman_counts (status, slot, n, jumlah) select * from (values ${values}) as v(status, slot, n, jumlah)
    on conflict (status, slot) do update
      set n = pinjaman_counts.n + excluded.n, jumlah = pinjaman_counts.jumlah + excluded.jumlah`.execute(trx);
}

/** The new payments (of living loans) in the month and day counters. */
export const countPayments = (trx: Kysely<DB>, ids: readonly number[]) =>
  inChunks(ids, async (part) => {
    await sql`insert into pembayaran_counts (bulan, jenis, slot, n, jumlah)
      select date_trunc('month', b.tanggal)::date, b.jenis, b.id % 8, count(*), sum(b.jumlah)
      from pembayaran b join pinjaman p on p.id = b.pinjaman_id
      where b.id = any(${part}::int[]) and b.deleted_at is null and p.deleted_at is null group by 1, 2, 3
      on conflict (bulan, jenis, slot) do update
        set n = pembayaran_counts.n + excluded.n, jumlah = pembayaran_counts.jumlah + excluded.jumlah`.execute(trx);
    await sql`insert into pembayaran_hari_counts (tanggal, slot, n, jumlah)
      select b.tanggal, b.id % 8, count(*), sum(b.jumlah)
      from pembayaran b join pinjaman p on p.id = b.pinjaman_id
      where b.id = any(${part}::int[]) and b.deleted_at is null and p.deleted_at is null group by 1, 2
      on conflict (tanggal, slot) do update
        set n = pembayaran_hari_counts.n + excluded.n, jumlah = pembayaran_hari_counts.jumlah + excluded.jumlah`.execute(trx);
  });

/**
 * Receipt numbers for the new payments, as the trigger gives a typed one: the next numbers of each
 * payment's year, in the order the payments were written (the file's). The years' counters are
 * locked first, so a payment typed meanwhile waits instead of taking a number twice.
 */
export const numberReceipts = (trx: Kysely<DB>, ids: readonly number[]) =>
  inChunks(ids, async (part) => {
    await sql`insert into kwitansi_pembayaran_counters (tahun, terakhir)
      select distinct extract(year from tanggal)::smallint, 0 from pembayaran where id = any(${part}::int[])
      on conflict (tahun) do nothing`.execute(trx);
    await sql`select 1 from kwitansi_pembayaran_counters
      where tahun in (select distinct extract(year from tanggal)::smallint from pembayaran where id = any(${part}::int[]))
      for update`.execute(trx);
    await sql`insert into kwitansi_pembayaran (pembayaran_id, tahun, urut)
      select b.id, extract(year from b.tanggal)::smallint,
             c.terakhir + row_number() over (partition by extract(year from b.tanggal) order by b.id)
      from pembayaran b join kwitansi_pembayaran_counters c on c.tahun = extract(year from b.tanggal)
      where b.id = any(${part}::int[])`.execute(trx);
    await sql`update kwitansi_pembayaran_counters c set terakhir = m.urut
      from (select tahun, max(urut) as urut from kwitansi_pembayaran where pembayaran_id = any(${part}::int[]) group by tahun) m
      where c.tahun = m.tahun`.execute(trx);
  });
