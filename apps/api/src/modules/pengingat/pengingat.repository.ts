import { sql, type Kysely } from 'kysely';
import { jakartaInstant } from '@mizan/core';
import type { DB } from '../../db/schema';
import { ledgerLoanColumnsOf } from '../../db/ledger-reads';

// Reminders to customers (issue 24, part B; docs/whatsapp.md): what the planner reads, what the
// sender checks right before a reminder goes, the day's count against the cap.

/** The loan and customer fields a reminder is planned, checked and written from. */
const loanColumns = [
  'pinjaman.id',
  'pinjaman.nasabah_id',
  'pinjaman.nomor_pinjaman',
  ...ledgerLoanColumnsOf('pinjaman'),
  'nasabah.nama',
  'nasabah.telepon',
] as const;

/**
 * Loans in `(afterId, upToId]` that may owe an instalment due on one of `dues` and whose customer
 * takes reminders: active loans of active customers who did not opt out and have a telepon, whose
 * day of the month falls on the due date (core `loanDaysDueOn`), made before it, with something
 * unpaid due on or before it (the oldest late or the next instalment: a necessary condition, also
 * when the loan's ledger columns are a day old). The ledger of each decides (core `reminderLine`).
 */
export function candidates(
  trx: Kysely<DB>,
  afterId: number,
  upToId: number,
  dues: ReadonlyArray<{ jatuhTempo: string; day: number; orLater: boolean }>,
) {
  return trx
    .selectFrom('pinjaman')
    .innerJoin('nasabah', 'nasabah.id', 'pinjaman.nasabah_id')
    .select(loanColumns)
    .where('pinjaman.id', '>', afterId)
    .where('pinjaman.id', '<=', upToId)
    .where('pinjaman.deleted_at', 'is', null)
    .where('pinjaman.status', '=', 'aktif')
    .where('nasabah.deleted_at', 'is', null)
    .where('nasabah.status', '=', 'aktif')
    .where('nasabah.terima_pengingat', '=', true)
    .where('nasabah.telepon', 'is not', null)
    .where((eb) =>
      eb.or(
        dues.map(({ jatuhTempo, day, orLater }) =>
          eb.and([
            orLater
              ? eb(sql`extract(day from pinjaman.tanggal_pinjam)`, '>=', day)
              : eb(sql`extract(day from pinjaman.tanggal_pinjam)`, '=', day),
            eb('pinjaman.tanggal_pinjam', '<', jatuhTempo),
            eb.or([eb('pinjaman.jatuh_tempo_tertua', '<=', jatuhTempo), eb('pinjaman.jatuh_tempo_berikutnya', '<=', jatuhTempo)]),
          ]),
        ),
      ),
    )
    .orderBy('pinjaman.id')
    .execute();
}

/** The highest loan id (the planner's last batch ends there). */
export async function maxLoanId(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('pinjaman')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** One loan with its customer, deleted ones included (the check before sending names why). */
export function loanForReminder(db: Kysely<DB>, loanId: number) {
  return db
    .selectFrom('pinjaman')
    .innerJoin('nasabah', 'nasabah.id', 'pinjaman.nasabah_id')
    .select(loanColumns)
    .select([
      'pinjaman.deleted_at as pinjaman_dihapus',
      'nasabah.deleted_at as nasabah_dihapus',
      'nasabah.status as nasabah_status',
      'nasabah.terima_pengingat',
    ])
    .where('pinjaman.id', '=', loanId)
    .executeTakeFirst();
}

/** The next waiting reminder of `tanggal`, earliest due date first. */
export function nextQueued(db: Kysely<DB>, tanggal: string) {
  return db
    .selectFrom('wa_messages')
    .select(['id', 'idempotency_key', 'phone_number', 'text', 'pinjaman_id', 'angsuran_ke', 'jatuh_tempo'])
    .where('status', '=', 'QUEUED')
    .where('jenis', '=', 'pengingat')
    .where('untuk_tanggal', '=', tanggal)
    .orderBy('untuk_tanggal')
    .orderBy('jatuh_tempo')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export const EXPIRED_MESSAGE = 'Tidak terkirim pada harinya; pengingat tidak dikirim terlambat.';

/** Reminders of days before `today` still waiting: EXPIRED (never sent late). */
export async function expireBefore(db: Kysely<DB>, today: string): Promise<number> {
  const result = await db
    .updateTable('wa_messages')
    .set({ status: 'EXPIRED', error: EXPIRED_MESSAGE, updated_at: new Date() })
    .where('status', '=', 'QUEUED')
    .where('jenis', '=', 'pengingat')
    .where('untuk_tanggal', '<', today)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A waiting reminder not sent after all, with the reason. */
export async function markSkipped(db: Kysely<DB>, id: number, reason: string) {
  await db
    .updateTable('wa_messages')
    .set({ status: 'SKIPPED', error: reason, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'QUEUED')
    .execute();
}

/** The customer's number changed since the reminder was planned: it goes to the number now on record. */
export async function changePhone(db: Kysely<DB>, id: number, phone: string) {
  await db.updateTable('wa_messages').set({ phone_number: phone, updated_at: new Date() }).where('id', '=', id).execute();
}

/** Reminders and messages by hand handed to WhatsApp on the Jakarta day `tanggal` (the cap counts them). */
export async function sentOn(db: Kysely<DB>, tanggal: string, nextDay: string): Promise<number> {
  const row = await db
    .selectFrom('wa_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('jenis', 'in', ['pengingat', 'manual'])
    .where('dikirim_pada', '>=', jakartaInstant(tanggal, 0, 0))
    .where('dikirim_pada', '<', jakartaInstant(nextDay, 0, 0))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Remembers the first time a WhatsApp number was linked (the first week's lower cap). */
export async function rememberLinked(db: Kysely<DB>, phone: string, at: Date) {
  await db
    .insertInto('wa_linked_numbers')
    .values({ phone_number: phone, linked_at: at })
    .onConflict((oc) => oc.column('phone_number').doNothing())
    .execute();
}

/** When the number was first linked, or null when it never was (counted as new). */
export async function linkedAt(db: Kysely<DB>, phone: string): Promise<Date | null> {
  const row = await db.selectFrom('wa_linked_numbers').select('linked_at').where('phone_number', '=', phone).executeTakeFirst();
  return row ? new Date(row.linked_at) : null;
}

/** The customers a number was sent reminders or messages by hand (a reply of BERHENTI stops them). */
export async function customersMessagedAt(db: Kysely<DB>, phone: string): Promise<number[]> {
  const rows = await db
    .selectFrom('wa_messages')
    .select('nasabah_id')
    .distinct()
    .where('phone_number', '=', phone)
    .where('nasabah_id', 'is not', null)
    .execute();
  return rows.map((r) => r.nasabah_id!);
}

/** Turns the reminders of those customers off; returns those that had them on. */
export function optOut(trx: Kysely<DB>, nasabahIds: readonly number[], userId: number | null) {
  if (nasabahIds.length === 0) return Promise.resolve([]);
  return trx
    .updateTable('nasabah')
    .set({ terima_pengingat: false, updated_at: new Date(), updated_by: userId })
    .where('id', 'in', nasabahIds)
    .where('terima_pengingat', '=', true)
    .where('deleted_at', 'is', null)
    .returning(['id', 'nama'])
    .execute();
}

/**
 * The newest active loan with an instalment still to come (`overdue` false) or in arrears (true),
 * for the settings page's previews (the stages before and after the due date).
 */
export function sampleLoan(db: Kysely<DB>, overdue: boolean) {
  return db
    .selectFrom('pinjaman')
    .innerJoin('nasabah', 'nasabah.id', 'pinjaman.nasabah_id')
    .select(loanColumns)
    .where('pinjaman.deleted_at', 'is', null)
    .where('pinjaman.status', '=', 'aktif')
    .where(overdue ? 'pinjaman.jatuh_tempo_tertua' : 'pinjaman.jatuh_tempo_berikutnya', 'is not', null)
    .orderBy('pinjaman.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
