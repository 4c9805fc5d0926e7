import { sql, type Kysely } from 'kysely';
import {
  defaultPendapatanSetting,
  loanPosition,
  paymentsByLoan,
  pendapatanSettingSchema,
  type LedgerLoan,
  type LedgerPayment,
} from '@mizan/core';
import type { DB } from './schema';

/** Loans per read and per UPDATE. */
const BATCH = 500;

/**
 * Stores every living loan's position (core loanPosition: `sisa_pokok`, `sisa_margin`) computed
 * again from its payments, in batches: what migration 2026_12_03_0910 does to the loans it finds,
 * and what a restore does to an archive made before it (lib/backup.ts). A lunas loan owes nothing
 * under the old rule or the new one, so it is left as it is.
 */
export async function storeLoanPositions(db: Kysely<DB>, today: string) {
  const setting = await sql<{ value: unknown }>`select value from settings where key = 'pendapatan'`.execute(db);
  const parsed = pendapatanSettingSchema.safeParse(setting.rows[0]?.value);
  // The setting as settings.service reads it (its remembered copy is the running app's, not this database's).
  const { metode_pengakuan_margin: metode } = parsed.success ? parsed.data : defaultPendapatanSetting;

  let after = 0;
  for (;;) {
    // The database's parsers give numbers for bigint and numeric, and text for date (db/database.ts).
    const loans = (
      await sql<LedgerLoan & { id: number }>`
        select id, tipe, jumlah, persentase, durasi_angsuran, tanggal_pinjam, status, jadwal_ulang
        from pinjaman where id > ${after} and deleted_at is null and status <> 'lunas' order by id limit ${BATCH}`.execute(db)
    ).rows;
    if (loans.length === 0) break;
    after = loans.at(-1)!.id;
    const byLoan = paymentsByLoan(
      (
        await sql<LedgerPayment & { pinjaman_id: number }>`
          select id, pinjaman_id, tanggal, jumlah, jenis, angsuran_ke from pembayaran
          where pinjaman_id = any(${loans.map((l) => l.id)}::int[]) and deleted_at is null`.execute(db)
      ).rows,
    );
    const rows = loans.map((loan) => {
      const position = loanPosition(loan, byLoan.get(loan.id) ?? [], today, metode);
      return sql`(${loan.id}::integer, ${position.sisa_pokok}::bigint, ${position.sisa_margin}::bigint)`;
    });
    await sql`update pinjaman set sisa_pokok = v.sisa_pokok, sisa_margin = v.sisa_margin
      from (values ${sql.join(rows)}) as v(id, sisa_pokok, sisa_margin) where pinjaman.id = v.id`.execute(db);
  }
}
