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

// WhatsApp notifications to the recipients list (issue 24, part A; docs/whatsapp.md). Each is
// written QUEUED into the message log inside the transaction of the business write it tells of, so
// a rolled-back write notifies no one; the sender (lib/whatsapp/dispatcher.ts) hands the rows over
// once `committed()` is called after the commit, or at its next round. One row per active
// recipient, keyed `notif:<event>:<record>:<recipient>`, so a write retried never notifies twice.

/** What a business write needs to notify: the institution's name and the sender to wake. */
export interface Notifier {
  lembaga: string;
  /** After the transaction committed: the sender hands the new messages over. */
  committed(): void;
}

interface Audience {
  setting: NotifikasiSetting;
  recipients: Array<{ id: number; name: string; phone_number: string }>;
}

async function enqueue(
  trx: Kysely<DB>,
  event: NotifikasiEvent,
  items: ReadonlyArray<{ ref: string; values: Record<string, string> }>,
  { setting, recipients }: Audience,
) {
  if (items.length === 0) return 0;
  const { template } = setting.events[event];
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
async function settingIfOn(trx: Kysely<DB>, event: NotifikasiEvent): Promise<Audience | null> {
  const setting = await getNotifikasiSetting(trx);
  if (!setting.events[event].aktif) return null;
  const recipients = await repo.activeRecipients(trx);
  return recipients.length > 0 ? { setting, recipients } : null;
}

const loanOf = (f: { id: number; nomor_pinjaman: string | null; tipe: 'pokok' | 'non-pokok'; jumlah: number }) => ({
  id: f.id,
  nomor_pinjaman: f.nomor_pinjaman,
  tipe: f.tipe,
  jumlah: f.jumlah,
});

async function pembayaranBaruItem(trx: Kysely<DB>, lembaga: string, paymentId: number) {
  const f = await repo.paymentFacts(trx, paymentId);
  if (!f) return null;
  return pembayaranBaruValues({
    lembaga,
    nama_nasabah: f.nama,
    loan: loanOf({ id: f.pinjaman_id, nomor_pinjaman: f.nomor_pinjaman, tipe: f.tipe, jumlah: f.pinjaman_jumlah }),
    jenis: f.jenis,
    angsuran_ke: f.angsuran_ke,
    jumlah: f.jumlah,
    tanggal: f.tanggal,
    sisa_pokok: f.sisa_pokok,
    petugas: f.petugas,
  });
}

/** A payment was recorded (call inside its transaction, after the loan's balance was refreshed). */
export async function notifyPembayaranBaru(trx: Kysely<DB>, notifier: Notifier, paymentId: number) {
  const audience = await settingIfOn(trx, 'pembayaran_baru');
  if (!audience) return;
  const values = await pembayaranBaruItem(trx, notifier.lembaga, paymentId);
  if (values) await enqueue(trx, 'pembayaran_baru', [{ ref: String(paymentId), values }], audience);
}

async function loanItems(trx: Kysely<DB>, lembaga: string, loanIds: readonly number[], tanggal?: string) {
  return (await repo.loanFacts(trx, loanIds)).map((f) => ({
    f,
    values: pinjamanValues({
      lembaga,
      nama_nasabah: f.nama,
      loan: loanOf(f),
      tanggal: tanggal ?? f.tanggal_pinjam,
      durasi: f.durasi_angsuran,
      petugas: f.petugas,
    }),
  }));
}

/** A loan was granted (inside its transaction). */
export async function notifyPinjamanBaru(trx: Kysely<DB>, notifier: Notifier, loanId: number) {
  const audience = await settingIfOn(trx, 'pinjaman_baru');
  if (!audience) return;
  const items = await loanItems(trx, notifier.lembaga, [loanId]);
  await enqueue(
    trx,
    'pinjaman_baru',
    items.map(({ f, values }) => ({ ref: String(f.id), values })),
    audience,
  );
}

/**
 * A loan became lunas on `tanggal` (inside the transaction that made it so). Keyed by loan and
 * date: a loan paid off, reopened by a deleted payment and paid off again another day is told again.
 */
export async function notifyPinjamanLunas(trx: Kysely<DB>, notifier: Notifier, loanId: number, tanggal: string) {
  const audience = await settingIfOn(trx, 'pinjaman_lunas');
  if (!audience) return;
  const items = await loanItems(trx, notifier.lembaga, [loanId], tanggal);
  await enqueue(
    trx,
    'pinjaman_lunas',
    items.map(({ f, values }) => ({ ref: `${f.id}:${tanggal}`, values })),
    audience,
  );
}

/**
 * Loans whose class moved from 1–2 to 3–5 on `tanggal` (inside the transaction that wrote the new
 * class; the figures are read from the loan rows as written). Keyed by loan and date.
 */
export async function notifyKolektibilitasMemburuk(
  trx: Kysely<DB>,
  notifier: Notifier,
  changes: ReadonlyArray<{ id: number; lama: number; baru: number }>,
  tanggal: string,
) {
  const worse = changes.filter((c) => becameNonPerforming(c.lama, c.baru));
  if (worse.length === 0) return;
  const audience = await settingIfOn(trx, 'kolektibilitas_memburuk');
  if (!audience) return;
  const lama = new Map(worse.map((c) => [c.id, c.lama]));
  const facts = await repo.loanFacts(
    trx,
    worse.map((c) => c.id),
  );
  await enqueue(
    trx,
    'kolektibilitas_memburuk',
    facts.map((f) => ({
      ref: `${f.id}:${tanggal}`,
      values: kolektibilitasMemburukValues({
        lembaga: notifier.lembaga,
        nama_nasabah: f.nama,
        loan: loanOf(f),
        lama: lama.get(f.id) as Kolektibilitas,
        baru: f.kolektibilitas as Kolektibilitas,
        hari_tunggakan: f.hari_tunggakan,
        tunggakan: f.tunggakan_total,
        sisa_pokok: f.sisa_pokok,
        tanggal,
      }),
    })),
    audience,
  );
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
        audience,
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
