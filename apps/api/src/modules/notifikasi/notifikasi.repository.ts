import { statusBelumCair, statusBerjalan } from '@mizan/core';
import { sql, type Expression, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { readRemembered } from '../../db/settings-cache';
import { staffNameById } from '../../db/shared-columns';

/**
 * The recipients list's active numbers, remembered per process until the database announces a
 * change of the list (migration 2026_11_27_0920; db/settings-cache.ts): every payment asks who
 * would be told of it.
 */
export function activeRecipients(db: Kysely<DB>) {
  return readRemembered(db, 'penerima-aktif', () =>
    db.selectFrom('wa_recipients').select(['id', 'name', 'phone_number']).where('status', '=', 'active').orderBy('id').execute(),
  );
}

/** Recipients by id, as they are now (the audience of a notification was fixed at its event). */
export function recipientsByIds(db: Kysely<DB>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('wa_recipients').select(['id', 'name', 'phone_number']).where('id', 'in', ids).orderBy('id').execute();
}

/** The staff member's name (`staffNameById`), '-' when there is none: what a message prints. */
const staffNameOrDash = (userId: Expression<number | null>) => sql<string>`coalesce(${staffNameById(userId)}, '-')`;

/** A payment with its loan, customer and the staff member who recorded it. */
export function paymentFacts(db: Kysely<DB>, paymentId: number) {
  return db
    .selectFrom('pembayaran')
    .innerJoin('pinjaman', 'pinjaman.id', 'pembayaran.pinjaman_id')
    .innerJoin('nasabah', 'nasabah.id', 'pinjaman.nasabah_id')
    .select([
      'pembayaran.id',
      'pembayaran.jenis',
      'pembayaran.angsuran_ke',
      'pembayaran.jumlah',
      'pembayaran.tanggal',
      'pinjaman.id as pinjaman_id',
      'pinjaman.nomor_pinjaman',
      'pinjaman.tipe',
      'pinjaman.jumlah as pinjaman_jumlah',
      'pinjaman.sisa_pokok',
      'nasabah.nama',
      (eb) => staffNameOrDash(eb.ref('pembayaran.created_by')).as('petugas'),
    ])
    .where('pembayaran.id', '=', paymentId)
    .executeTakeFirst();
}

/** What the notifications of loans tell of them at the event (amount, term, class, arrears, balance). */
export function loanFigures(db: Kysely<DB>, loanIds: readonly number[]) {
  return db
    .selectFrom('pinjaman')
    .select([
      'id',
      'jumlah',
      'tanggal_pinjam',
      'durasi_angsuran',
      'sisa_pokok',
      'hari_tunggakan',
      'tunggakan_total',
      'kolektibilitas',
    ])
    .where('id', 'in', loanIds)
    .orderBy('id')
    .execute();
}

/** Loans with their customer and the staff member who recorded them. */
export function loanFacts(db: Kysely<DB>, loanIds: readonly number[]) {
  if (loanIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pinjaman')
    .innerJoin('nasabah', 'nasabah.id', 'pinjaman.nasabah_id')
    .select([
      'pinjaman.id',
      'pinjaman.nomor_pinjaman',
      'pinjaman.tipe',
      'pinjaman.jumlah',
      'pinjaman.tanggal_pinjam',
      'pinjaman.durasi_angsuran',
      'pinjaman.sisa_pokok',
      'pinjaman.hari_tunggakan',
      'pinjaman.tunggakan_total',
      'pinjaman.kolektibilitas',
      'nasabah.nama',
      (eb) => staffNameOrDash(eb.ref('pinjaman.updated_by')).as('petugas'),
    ])
    .where('pinjaman.id', 'in', loanIds)
    .orderBy('pinjaman.id')
    .execute();
}

/** The newest living payment / loan / loan of class 3–5, for the settings screen's preview. */
export async function latestIds(db: Kysely<DB>) {
  const [payment, loan, lunas, bad] = await Promise.all([
    db.selectFrom('pembayaran').select('id').where('deleted_at', 'is', null).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    db.selectFrom('pinjaman').select('id').where('deleted_at', 'is', null).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    db
      .selectFrom('pinjaman')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('status', '=', 'lunas')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('pinjaman')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('kolektibilitas', '>=', 3)
      .where('status', 'in', statusBerjalan)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { payment: payment?.id ?? null, loan: loan?.id ?? null, lunas: lunas?.id ?? null, bad: bad?.id ?? null };
}

/** The day's figures of the daily recap: payments (count, sum), loans lent that day, loans one day past due. */
export async function recapFigures(db: Kysely<DB>, tanggal: string) {
  const [payments, loans, overdue] = await Promise.all([
    db
      .selectFrom('pembayaran_hari_counts')
      .select([
        (eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('n'),
        (eb) => eb.fn.coalesce(eb.fn.sum<number>('jumlah'), sql<number>`0`).as('jumlah'),
      ])
      .where('tanggal', '=', tanggal)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('pinjaman')
      .select([
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.coalesce(eb.fn.sum<number>('jumlah'), sql<number>`0`).as('jumlah'),
      ])
      .where('deleted_at', 'is', null)
      .where('status', 'not in', statusBelumCair)
      .where('tanggal_pinjam', '=', tanggal)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('pinjaman')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted_at', 'is', null)
      .where('status', 'in', statusBerjalan)
      .where('hari_tunggakan', '=', 1)
      .where('ledger_tanggal', '=', tanggal)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    jumlah_pembayaran: Number(payments.n),
    total_pembayaran: Number(payments.jumlah),
    pinjaman_baru: Number(loans.n),
    nilai_pinjaman_baru: Number(loans.jumlah),
    menunggak_hari_ini: Number(overdue.n),
  };
}
