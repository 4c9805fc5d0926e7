import { sql, type Kysely } from 'kysely';
import type { LedgerSummary } from '@mizan/core';
import type { DB } from '../../db/schema';
import { ledgerLoanColumns, livingPaymentsOfLoans } from '../../db/ledger-reads';

/**
 * The next living loans after `afterId` whose ledger can change with the date: those not `lunas`
 * (a lunas loan has no arrears on any day), or every living loan with `everyLoan`. Each with its
 * row version (`xmin`): the batch's write skips a loan a payment or an edit changed meanwhile (that
 * write refreshed it itself), so the job never writes a summary older than the payments, without
 * locking (and so rewriting) every loan it only reads.
 */
export function loansAfter(trx: Kysely<DB>, afterId: number, limit: number, everyLoan = false) {
  let query = trx
    .selectFrom('pinjaman')
    .select(['id', ...ledgerLoanColumns, 'kolektibilitas', 'ledger_tanggal'])
    .select(sql<string>`pinjaman.xmin::text`.as('versi'))
    .where('deleted_at', 'is', null)
    .where('id', '>', afterId);
  if (!everyLoan) query = query.where('status', '!=', 'lunas');
  return query.orderBy('id').limit(limit).execute();
}

/** The living payments of the given loans. */
export const paymentsOfLoans = (trx: Kysely<DB>, loanIds: readonly number[]) => livingPaymentsOfLoans(trx, loanIds);

/** One loan's row of a batch: its ledger summary (core), its class, and the row version it was computed from. */
export type LedgerColumns = LedgerSummary & {
  id: number;
  /** The row version the figures were computed from (`loansAfter`). */
  versi: string;
  kolektibilitas: number;
};

/**
 * Writes the ledger summaries of a batch in one statement (a VALUES list joined on id), only where
 * a figure changed or none was ever written: most loans' figures do not move from one day to the
 * next, and an unchanged row is not rewritten (with its 18 indexes). Returns the ids of the rows written.
 */
export async function writeLedgers(trx: Kysely<DB>, tanggal: string, rows: readonly LedgerColumns[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::integer, ${r.versi}::text, ${r.hari_tunggakan}::integer, ${r.kolektibilitas}::smallint, ${r.tunggakan_pokok}::bigint,
          ${r.tunggakan_margin}::bigint, ${r.tunggakan_bagi_hasil}::bigint, ${r.tunggakan_total}::bigint,
          ${r.angsuran_tertunggak}::integer, ${r.jatuh_tempo_tertua}::date, ${r.jatuh_tempo_berikutnya}::date,
          ${r.jumlah_berikutnya}::bigint)`,
    ),
  );
  const result = await sql<{ id: number }>`
    update pinjaman set
      hari_tunggakan = v.hari, kolektibilitas = v.kelas, tunggakan_pokok = v.pokok, tunggakan_margin = v.margin,
      tunggakan_bagi_hasil = v.bagi_hasil, tunggakan_total = v.total, angsuran_tertunggak = v.angsuran,
      jatuh_tempo_tertua = v.tertua, jatuh_tempo_berikutnya = v.berikutnya, jumlah_berikutnya = v.jumlah_berikutnya,
      ledger_tanggal = ${tanggal}::date
    from (values ${values}) as v(id, versi, hari, kelas, pokok, margin, bagi_hasil, total, angsuran, tertua, berikutnya, jumlah_berikutnya)
    where pinjaman.id = v.id and pinjaman.xmin::text = v.versi and (
      pinjaman.ledger_tanggal is null or
      (pinjaman.hari_tunggakan, pinjaman.kolektibilitas, pinjaman.tunggakan_pokok, pinjaman.tunggakan_margin,
        pinjaman.tunggakan_bagi_hasil, pinjaman.tunggakan_total, pinjaman.angsuran_tertunggak, pinjaman.jatuh_tempo_tertua,
        pinjaman.jatuh_tempo_berikutnya, pinjaman.jumlah_berikutnya)
      is distinct from
      (v.hari, v.kelas, v.pokok, v.margin, v.bagi_hasil, v.total, v.angsuran, v.tertua, v.berikutnya, v.jumlah_berikutnya)
    )
    returning pinjaman.id`.execute(trx);
  return result.rows.map((r) => r.id);
}
