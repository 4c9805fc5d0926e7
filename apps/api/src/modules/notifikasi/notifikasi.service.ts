import type { Kysely } from 'kysely';
import {
  becameNonPerforming,
  defaultNotifikasiSetting,
  kolektibilitasMemburukValues,
  notifikasiEvents,
  pembayaranBaruValues,
  pinjamanValues,
  rekapHarianValues,
  renderTemplate,
  type Kolektibilitas,
  type NotifikasiEvent,
  type NotifikasiSetting,
  type NotifikasiSettingsResponse,
} from '@mizan/core';
import type { DB } from '../../db/schema';
import { messageLog } from '../../lib/whatsapp';
import { getNotifikasiSetting, notifikasiSettingChange, saveNotifikasiSetting } from '../settings/settings.service';
import * as repo from './notifikasi.repository';
import * as jobRuns from '../../db/job-runs';
import { portfolioOverview } from '../portfolio/portfolio.service';
import { recordReactions, type ReactionHandler } from '../reactions/reactions.service';

// WhatsApp notifications to the recipients list (issue 24, part A; docs/whatsapp.md). A money
// event records its notifications as reactions (modules/reactions) inside its transaction: the
// event, the ids and the figures of that moment, and who is to be told (the active recipients
// then), nothing a column could refuse; a rolled-back write notifies no one. After the commit the
// reaction runner writes them QUEUED into the message log, one row per recipient keyed
// `notif:<event>:<record>:<recipient>` (a reaction retried, or a write retried, never notifies
// twice), and the sender (lib/whatsapp/dispatcher.ts) hands them over. A notification that cannot
// be written fails its reaction alone, never the money event (issue 47).

/** What a business write needs to notify: the institution's name and the runner to wake. */
export interface Notifier {
  lembaga: string;
  /**
   * After a scheduled job's transaction committed: its reactions run and the sender hands the new
   * messages over. (A change made through the API needs no call: every change answered wakes the
   * runner, `app.ts`.)
   */
  committed(): void;
}

type Recipient = { id: number; name: string; phone_number: string };

async function enqueue(
  trx: Kysely<DB>,
  event: NotifikasiEvent,
  items: ReadonlyArray<{ ref: string; values: Record<string, string> }>,
  template: string,
  recipients: readonly Recipient[],
) {
  if (items.length === 0) return 0;
  // Into the message log as QUEUED notifications (lib/whatsapp/message-log.repository.ts).
  const fresh = await messageLog.enqueue(
    trx,
    items.flatMap(({ ref, values }) => {
      const text = renderTemplate(template, values);
      return recipients.map((r) => ({
        idempotencyKey: `notif:${event}:${ref}:${r.id}`,
        recipientId: r.id,
        nama: r.name,
        phone: r.phone_number,
        text,
        createdBy: null,
        jenis: 'notifikasi' as const,
        acara: event,
      }));
    }),
  );
  return fresh.size;
}

/**
 * The setting and the active recipients when the event is switched on and someone would receive
 * it; null otherwise (then nothing else is read: most writes of an installation without
 * recipients cost one remembered setting and one small query).
 */
async function settingIfOn(trx: Kysely<DB>, event: NotifikasiEvent) {
  const setting = await getNotifikasiSetting(trx);
  if (!setting.events[event].aktif) return null;
  const recipients = await repo.activeRecipients(trx);
  return recipients.length > 0 ? { setting, recipients } : null;
}

/** The ids of those to be told of `event` now: empty when it is switched off or no one is active. */
async function audienceOf(trx: Kysely<DB>, event: NotifikasiEvent) {
  return (await settingIfOn(trx, event))?.recipients.map((r) => r.id) ?? [];
}

const loanOf = (f: { id: number; nomor_pinjaman: string | null; tipe: 'pokok' | 'non-pokok'; jumlah: number }) => ({
  id: f.id,
  nomor_pinjaman: f.nomor_pinjaman,
  tipe: f.tipe,
  jumlah: f.jumlah,
});

/** The reaction's kind of a notification event (modules/reactions). */
const reactionKind = (event: NotifikasiEvent) => `notifikasi.${event}`;

/** Whether a reaction kind writes notifications (messages for the WhatsApp sender). */
export const isNotifikasiReaction = (kind: string) => kind.startsWith('notifikasi.');

/** Every notification reaction names who is told: the ids of the recipients active at the event. */
interface Told {
  penerima: number[];
}
/** A payment's figures at the event: what was paid and the loan's balance right after it. */
interface PembayaranBaruReaction extends Told {
  pembayaran_id: number;
  jenis: string;
  angsuran_ke: number | null;
  jumlah: number;
  tanggal: string;
  sisa_pokok: number;
}
/** A loan entered (its lending date) or paid off (that day), with its amount and term then. */
interface PinjamanReaction extends Told {
  pinjaman_id: number;
  jumlah: number;
  durasi: number | null;
  tanggal: string;
}
/** A loan's class that moved to 3–5, with its arrears and balance on that day. */
interface KolektibilitasReaction extends Told {
  pinjaman_id: number;
  tanggal: string;
  lama: Kolektibilitas;
  baru: Kolektibilitas;
  hari_tunggakan: number;
  tunggakan: number;
  sisa_pokok: number;
}

/**
 * A payment's notification values: its figures at the event (`at`, from the reaction), or as they
 * are now (the settings screen's preview).
 */
async function pembayaranBaruItem(db: Kysely<DB>, lembaga: string, paymentId: number, at?: PembayaranBaruReaction) {
  const f = await repo.paymentFacts(db, paymentId);
  if (!f) return null;
  const figures = at ?? f;
  return pembayaranBaruValues({
    lembaga,
    nama_nasabah: f.nama,
    loan: loanOf({ id: f.pinjaman_id, nomor_pinjaman: f.nomor_pinjaman, tipe: f.tipe, jumlah: f.pinjaman_jumlah }),
    jenis: figures.jenis,
    angsuran_ke: figures.angsuran_ke,
    jumlah: figures.jumlah,
    tanggal: figures.tanggal,
    sisa_pokok: figures.sisa_pokok,
    petugas: f.petugas,
  });
}

type LoanFactsRow = Awaited<ReturnType<typeof repo.loanFacts>>[number];

/** A loan's notification values with its figures at the event (`at`). */
const pinjamanItem = (lembaga: string, f: LoanFactsRow, at: { jumlah: number; durasi: number | null; tanggal: string }) =>
  pinjamanValues({
    lembaga,
    nama_nasabah: f.nama,
    loan: loanOf({ ...f, jumlah: at.jumlah }),
    tanggal: at.tanggal,
    durasi: at.durasi,
    petugas: f.petugas,
  });

/** The newest loans' values for the settings screen's preview. */
async function loanItems(db: Kysely<DB>, lembaga: string, loanIds: readonly number[]) {
  return (await repo.loanFacts(db, loanIds)).map((f) => ({
    f,
    values: pinjamanItem(lembaga, f, { jumlah: f.jumlah, durasi: f.durasi_angsuran, tanggal: f.tanggal_pinjam }),
  }));
}

/**
 * A payment was recorded (call inside its transaction, after its money event was posted): its
 * figures as written and the loan's principal left right after it, as the caller has them (nothing
 * read again).
 */
export async function notifyPembayaranBaru(trx: Kysely<DB>, payment: Omit<PembayaranBaruReaction, 'penerima'>) {
  const penerima = await audienceOf(trx, 'pembayaran_baru');
  if (penerima.length === 0) return;
  const payload: PembayaranBaruReaction = { penerima, ...payment };
  await recordReactions(trx, [{ kind: reactionKind('pembayaran_baru'), payload }]);
}

/** A loan's notification, with its amount and term at the event; dated `tanggal`, or its lending date. */
async function recordLoanReaction(trx: Kysely<DB>, event: 'pinjaman_baru' | 'pinjaman_lunas', loanId: number, tanggal?: string) {
  const penerima = await audienceOf(trx, event);
  if (penerima.length === 0) return;
  await recordReactions(
    trx,
    (await repo.loanFigures(trx, [loanId])).map((f) => ({
      kind: reactionKind(event),
      payload: {
        penerima,
        pinjaman_id: f.id,
        jumlah: f.jumlah,
        durasi: f.durasi_angsuran,
        tanggal: tanggal ?? f.tanggal_pinjam,
      } satisfies PinjamanReaction,
    })),
  );
}

/** A loan was granted (inside its transaction). */
export function notifyPinjamanBaru(trx: Kysely<DB>, loanId: number) {
  return recordLoanReaction(trx, 'pinjaman_baru', loanId);
}

/**
 * A loan became lunas on `tanggal` (inside the transaction that made it so). Keyed by loan and
 * date: a loan paid off, reopened by a deleted payment and paid off again another day is told again.
 */
export function notifyPinjamanLunas(trx: Kysely<DB>, loanId: number, tanggal: string) {
  return recordLoanReaction(trx, 'pinjaman_lunas', loanId, tanggal);
}

/**
 * Loans whose class moved from 1–2 to 3–5 on `tanggal` (inside the transaction that wrote the new
 * class; the figures are read from the loan rows as written). Keyed by loan and date.
 */
export async function notifyKolektibilitasMemburuk(
  trx: Kysely<DB>,
  changes: ReadonlyArray<{ id: number; lama: number; baru: number }>,
  tanggal: string,
) {
  const worse = changes.filter((c) => becameNonPerforming(c.lama, c.baru));
  if (worse.length === 0) return;
  const penerima = await audienceOf(trx, 'kolektibilitas_memburuk');
  if (penerima.length === 0) return;
  const lama = new Map(worse.map((c) => [c.id, c.lama]));
  const figures = await repo.loanFigures(
    trx,
    worse.map((c) => c.id),
  );
  await recordReactions(
    trx,
    figures.map((f) => ({
      kind: reactionKind('kolektibilitas_memburuk'),
      payload: {
        penerima,
        pinjaman_id: f.id,
        tanggal,
        lama: lama.get(f.id) as Kolektibilitas,
        baru: f.kolektibilitas,
        hari_tunggakan: f.hari_tunggakan,
        tunggakan: f.tunggakan_total,
        sisa_pokok: f.sisa_pokok,
      } satisfies KolektibilitasReaction,
    })),
  );
}

/**
 * The reactions that write the notifications recorded above into the message log, after the
 * commit: the text of the template now, with the names as they are now (customer, loan number,
 * staff) and the figures of the event, to the recipients who were active at the event (a
 * recipient removed since is skipped).
 */
export function notifikasiReactions(lembaga: string): Record<string, ReactionHandler> {
  const tell = async (
    trx: Kysely<DB>,
    event: NotifikasiEvent,
    penerima: readonly number[],
    items: ReadonlyArray<{ ref: string; values: Record<string, string> }>,
  ) => {
    const [setting, recipients] = await Promise.all([getNotifikasiSetting(trx), repo.recipientsByIds(trx, penerima)]);
    await enqueue(trx, event, items, setting.events[event].template, recipients);
  };
  const loanItem = async (trx: Kysely<DB>, p: PinjamanReaction) =>
    (await repo.loanFacts(trx, [p.pinjaman_id])).map((f) => ({ ref: String(f.id), values: pinjamanItem(lembaga, f, p) }));
  return {
    [reactionKind('pembayaran_baru')]: async (trx, payload) => {
      const p = payload as PembayaranBaruReaction;
      const values = await pembayaranBaruItem(trx, lembaga, p.pembayaran_id, p);
      if (values) await tell(trx, 'pembayaran_baru', p.penerima, [{ ref: String(p.pembayaran_id), values }]);
    },
    [reactionKind('pinjaman_baru')]: async (trx, payload) => {
      const p = payload as PinjamanReaction;
      await tell(trx, 'pinjaman_baru', p.penerima, await loanItem(trx, p));
    },
    [reactionKind('pinjaman_lunas')]: async (trx, payload) => {
      const p = payload as PinjamanReaction;
      const items = (await loanItem(trx, p)).map((item) => ({ ...item, ref: `${item.ref}:${p.tanggal}` }));
      await tell(trx, 'pinjaman_lunas', p.penerima, items);
    },
    [reactionKind('kolektibilitas_memburuk')]: async (trx, payload) => {
      const p = payload as KolektibilitasReaction;
      const [f] = await repo.loanFacts(trx, [p.pinjaman_id]);
      if (!f) return;
      const values = kolektibilitasMemburukValues({
        lembaga,
        nama_nasabah: f.nama,
        loan: loanOf(f),
        lama: p.lama,
        baru: p.baru,
        hari_tunggakan: p.hari_tunggakan,
        tunggakan: p.tunggakan,
        sisa_pokok: p.sisa_pokok,
        tanggal: p.tanggal,
      });
      await tell(trx, 'kolektibilitas_memburuk', p.penerima, [{ ref: `${f.id}:${p.tanggal}`, values }]);
    },
  };
}

/** The daily recap's run in `job_runs`, keyed by its Jakarta date. */
export const RECAP_JOB = 'rekap-harian';

/**
 * The daily recap of `tanggal` to every active recipient (issue 24): the day's payments (count,
 * sum), the loans lent that day, the loans that became overdue that day (one day past due in the
 * day's ledger) and the NPF now. Once per day, also with several processes (the day's `job_runs`
 * row, locked; the messages' keys); written in the same transaction as the finished run. Returns
 * 'off' when the event is switched off or no recipient is active.
 */
export async function sendDailyRecap(db: Kysely<DB>, notifier: Notifier, tanggal: string) {
  const run = await jobRuns.runInBatches(db, RECAP_JOB, tanggal, async (trx) => {
    const audience = await settingIfOn(trx, 'rekap_harian');
    if (audience) {
      const [figures, portfolio] = await Promise.all([repo.recapFigures(trx, tanggal), portfolioOverview(trx, tanggal)]);
      await enqueue(
        trx,
        'rekap_harian',
        [
          {
            ref: tanggal,
            values: rekapHarianValues({ lembaga: notifier.lembaga, tanggal, ...figures, npf: portfolio.sekarang.npf_gross }),
          },
        ],
        audience.setting.events.rekap_harian.template,
        audience.recipients,
      );
    }
    return { count: 1, cursor: 1, finished: true, result: audience ? ('sent' as const) : ('off' as const) };
  });
  return run.outcome === 'done' ? (run.results[0] ?? 'off') : run.outcome;
}

/**
 * `GET /api/settings/notifikasi`: the setting, the shipped defaults, and for the live preview the
 * values of the newest real record of each event (null when there is none yet).
 */
export async function notifikasiSettings(db: Kysely<DB>, lembaga: string, today: string): Promise<NotifikasiSettingsResponse> {
  const [setting, change, ids, figures, portfolio] = await Promise.all([
    getNotifikasiSetting(db),
    notifikasiSettingChange(db),
    repo.latestIds(db),
    repo.recapFigures(db, today),
    portfolioOverview(db, today),
  ]);
  const contoh: Record<string, Record<string, string> | null> = Object.fromEntries(notifikasiEvents.map((e) => [e, null]));
  // The recap's preview is today's recap so far.
  contoh.rekap_harian = rekapHarianValues({ lembaga, tanggal: today, ...figures, npf: portfolio.sekarang.npf_gross });
  if (ids.payment !== null) contoh.pembayaran_baru = await pembayaranBaruItem(db, lembaga, ids.payment);
  if (ids.loan !== null) contoh.pinjaman_baru = (await loanItems(db, lembaga, [ids.loan]))[0]?.values ?? null;
  if (ids.lunas !== null) contoh.pinjaman_lunas = (await loanItems(db, lembaga, [ids.lunas]))[0]?.values ?? null;
  if (ids.bad !== null) {
    const [f] = await repo.loanFacts(db, [ids.bad]);
    if (f)
      contoh.kolektibilitas_memburuk = kolektibilitasMemburukValues({
        lembaga,
        nama_nasabah: f.nama,
        loan: loanOf(f),
        lama: 2,
        baru: f.kolektibilitas as Kolektibilitas,
        hari_tunggakan: f.hari_tunggakan,
        tunggakan: f.tunggakan_total,
        sisa_pokok: f.sisa_pokok,
        tanggal: f.tanggal_pinjam,
      });
  }
  return { setting, bawaan: defaultNotifikasiSetting, contoh, ...change };
}

/** `PUT /api/settings/notifikasi` (admin). */
export async function updateNotifikasiSettings(
  db: Kysely<DB>,
  lembaga: string,
  today: string,
  setting: NotifikasiSetting,
  userId: number,
) {
  await saveNotifikasiSetting(db, setting, userId);
  return notifikasiSettings(db, lembaga, today);
}
