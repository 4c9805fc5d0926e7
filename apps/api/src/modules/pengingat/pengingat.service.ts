import type { Kysely } from 'kysely';
import {
  isBerjalan,
  addDays,
  defaultPengingatSetting,
  dueDateForStage,
  formatDateTime,
  isInWindow,
  isSendingDay,
  isStopReply,
  loanDaysDueOn,
  loanLedger,
  manualReminder,
  nextWindowOpening,
  normalizeRecipientPhone,
  paymentsByLoan,
  pengingatValues,
  remainingCap,
  reminderLine,
  reminderSkipReason,
  renderTemplate,
  stageLabel,
  stopConfirmationText,
  todayJakarta,
  windowText,
  type PengingatManualResponse,
  type PengingatSetting,
  type PengingatSettingsResponse,
} from '@mizan/core';
import type { DB } from '../../db/schema';
import * as jobRuns from '../../db/job-runs';
import { conflict, notFound } from '../../lib/errors';
import { messageLog, type NewWaMessage } from '../../lib/whatsapp/message-log.repository';
import type { WhatsApp } from '../../lib/whatsapp';
import { recordActivity } from '../activities/activity.service';
import { getPengingatSetting, pengingatSettingChange, savePengingatSetting } from '../settings/settings.service';
import { NOT_CONNECTED } from '../wa-sessions/wa-sessions.service';
import * as repo from './pengingat.repository';
import { paymentsOfLoans } from '../ledger/ledger.service';

// Reminders to customers (issue 24, part B; docs/whatsapp.md). The rules (stages, window, cap,
// what an instalment still owes) are core's (domain/pengingat.ts, domain/ledger.ts); this plans
// the day's reminders into the message log, checks one again right before it goes, sends one by
// hand, and hears a customer's BERHENTI.

/** The planner's run in `job_runs`, keyed by its Jakarta date. */
export const PLANNER_JOB = 'pengingat';

/** Loan ids per planner batch: PGlite shares the event loop, so its batches stay small (bench: ≤ 100 ms). */
export const PLANNER_SPAN = { pglite: 4_000, postgres: 25_000 } as const;

type LoanRow = Awaited<ReturnType<typeof repo.candidates>>[number];

/** The reminder's message-log row of one loan's instalment at one stage. */
function reminderMessage(
  lembaga: string,
  loan: LoanRow,
  phone: string,
  tanggal: string,
  stage: { hari: number; template: string },
  ledger: ReturnType<typeof loanLedger>,
  line: NonNullable<ReturnType<typeof reminderLine>>,
): NewWaMessage {
  return {
    idempotencyKey: `pengingat:${loan.id}:${line.angsuran_ke}:${stage.hari}`,
    jenis: 'pengingat',
    acara: stageLabel(stage.hari),
    recipientId: null,
    nama: loan.nama,
    phone,
    text: renderTemplate(
      stage.template,
      pengingatValues({ lembaga, nama_nasabah: loan.nama, loan, line, summary: ledger.summary }),
    ),
    createdBy: null,
    nasabahId: loan.nasabah_id,
    pinjamanId: loan.id,
    angsuranKe: line.angsuran_ke,
    jatuhTempo: line.jatuh_tempo,
    untukTanggal: tanggal,
  };
}

/**
 * Plans the reminders of `tanggal` (a Jakarta date): for each stage, every instalment due on the
 * stage's date that is still owed, of an active loan of an active customer who takes reminders
 * and has a WhatsApp-able number, is written QUEUED into the message log, keyed
 * `pengingat:<loan>:<instalment>:<stage>` (unique: planned at most once, also when run again, by
 * several processes, or after a crash). In batches of loan ids (job_runs: resumable, once per
 * day); nothing on a day that is not a sending day (the stage is not sent late on another day).
 * 'off' when reminders are switched off (no run is recorded: switching them on plans the day).
 */
export async function planReminders(
  db: Kysely<DB>,
  lembaga: string,
  tanggal: string,
  options: { span: number; signal?: AbortSignal },
): Promise<{ outcome: 'off' | 'done' | 'already' | 'busy'; planned: number }> {
  const setting = await getPengingatSetting(db);
  if (!setting.aktif) return { outcome: 'off', planned: 0 };
  const sendingDay = isSendingDay(tanggal, setting);
  const stages = setting.tahap.map((stage) => {
    const jatuhTempo = dueDateForStage(tanggal, stage.hari);
    return { ...stage, jatuhTempo, ...loanDaysDueOn(jatuhTempo) };
  });
  const maxId = sendingDay ? await repo.maxLoanId(db) : 0;
  const run = await jobRuns.runInBatches(
    db,
    PLANNER_JOB,
    tanggal,
    async (trx, position) => {
      if (!sendingDay) return { count: 0, cursor: 0, finished: true, result: 0 };
      const upTo = position.cursor + options.span;
      const loans = await repo.candidates(trx, position.cursor, upTo, stages);
      const payments = paymentsByLoan(
        await paymentsOfLoans(
          trx,
          loans.map((l) => l.id),
        ),
      );
      const messages: NewWaMessage[] = [];
      for (const loan of loans) {
        const phone = normalizeRecipientPhone(loan.telepon);
        if (!phone.ok) continue;
        const ledger = loanLedger(loan, payments.get(loan.id) ?? [], tanggal);
        for (const stage of stages) {
          const line = reminderLine(ledger.instalments, tanggal, stage.hari);
          if (line) messages.push(reminderMessage(lembaga, loan, phone.value, tanggal, stage, ledger, line));
        }
      }
      const fresh = await messageLog.enqueue(trx, messages);
      return { count: fresh.size, cursor: upTo, finished: upTo >= maxId, result: fresh.size };
    },
    options.signal ? { signal: options.signal } : {},
  );
  return { outcome: run.outcome, planned: run.results.reduce((a, b) => a + b, 0) };
}

/** Forgets the planner's run of `tanggal` (the setting changed: the day is planned again; the keys keep each reminder once). */
export function forgetPlan(db: Kysely<DB>, tanggal: string) {
  return jobRuns.deleteRun(db, PLANNER_JOB, tanggal);
}

/** What a reminder reads of its loan right before it goes: why not, or the number it goes to. */
export async function checkBeforeSend(
  db: Kysely<DB>,
  row: { pinjaman_id: number | null; angsuran_ke: number | null },
  today: string,
): Promise<{ reason: string; phone: null } | { reason: null; phone: string }> {
  const loan = row.pinjaman_id === null ? undefined : await repo.loanForReminder(db, row.pinjaman_id);
  const phone = loan ? normalizeRecipientPhone(loan.telepon) : null;
  let owed = false;
  if (loan && row.angsuran_ke !== null) {
    const payments = await paymentsOfLoans(db, [loan.id]);
    const { instalments } = loanLedger(loan, payments, today);
    owed = (instalments.find((line) => line.angsuran_ke === row.angsuran_ke)?.sisa ?? 0) > 0;
  }
  const reason = reminderSkipReason({
    pinjaman: loan ? { ada: loan.pinjaman_dihapus === null, status: loan.status } : null,
    nasabah: loan
      ? {
          ada: loan.nasabah_dihapus === null,
          status: loan.nasabah_status,
          terima_pengingat: loan.terima_pengingat,
          nomor: phone?.ok ? phone.value : null,
        }
      : null,
    belumDibayar: owed,
  });
  if (reason !== null) return { reason, phone: null };
  return phone?.ok
    ? { reason: null, phone: phone.value }
    : { reason: 'Nomor telepon nasabah tidak dapat dipakai WhatsApp', phone: null };
}

/** Today's cap of messages to customers and what is left of it. */
export async function capToday(db: Kysely<DB>, wa: WhatsApp, now: Date, setting?: PengingatSetting) {
  const s = setting ?? (await getPengingatSetting(db));
  const today = todayJakarta(now);
  const phone = wa.gateway.snapshot().phone_number;
  const [sent, linked] = await Promise.all([
    repo.sentOn(db, today, addDays(today, 1)),
    phone ? repo.linkedAt(db, phone) : Promise.resolve(null),
  ]);
  const linkedOn = linked ? todayJakarta(linked) : null;
  const sisa = remainingCap(s, sent, today, linkedOn);
  return { batas: sisa + sent, sisa, terkirim: sent };
}

/**
 * Why a message to a customer cannot go now (by hand, or a reminder sent again): WhatsApp not
 * connected, outside the window OJK allows, or the day's cap reached; null when it can.
 */
export async function customerSendBlock(db: Kysely<DB>, wa: WhatsApp, now: Date): Promise<string | null> {
  if (wa.gateway.snapshot().status !== 'READY') return NOT_CONNECTED;
  const setting = await getPengingatSetting(db);
  if (!isInWindow(now, setting)) {
    const next = nextWindowOpening(now, setting);
    return (
      `Pesan ke nasabah hanya dikirim ${windowText(setting)} (POJK 22/2023 Pasal 62).` +
      (next ? ` Kirim lagi mulai ${formatDateTime(next)}.` : '')
    );
  }
  const cap = await capToday(db, wa, now, setting);
  if (cap.sisa <= 0) return `Batas harian pesan ke nasabah (${cap.batas.toLocaleString('id-ID')}) sudah tercapai hari ini`;
  return null;
}

/** `GET /api/settings/pengingat`: the setting, the defaults, and a real loan's values for the preview. */
export async function pengingatSettings(db: Kysely<DB>, lembaga: string, today: string): Promise<PengingatSettingsResponse> {
  const [setting, change, next, late] = await Promise.all([
    getPengingatSetting(db),
    pengingatSettingChange(db),
    repo.sampleLoan(db, false),
    repo.sampleLoan(db, true),
  ]);
  /** The values of the loan's next instalment, or of its oldest late one. */
  const valuesOf = async (loan: typeof next, overdue: boolean) => {
    if (!loan) return null;
    const ledger = loanLedger(loan, await paymentsOfLoans(db, [loan.id]), today);
    const line = ledger.instalments.find((l) => l.sisa > 0 && (!overdue || l.jatuh_tempo < today));
    return line ? pengingatValues({ lembaga, nama_nasabah: loan.nama, loan, line, summary: ledger.summary }) : null;
  };
  return {
    setting,
    bawaan: defaultPengingatSetting,
    contoh: await valuesOf(next, false),
    contoh_tunggakan: await valuesOf(late, true),
    ...change,
  };
}

/** `PUT /api/settings/pengingat` (admin): stored; the caller plans today again (app.reminders.replanToday). */
export async function updatePengingatSettings(
  db: Kysely<DB>,
  lembaga: string,
  today: string,
  setting: PengingatSetting,
  userId: number,
) {
  await savePengingatSetting(db, setting, userId);
  return pengingatSettings(db, lembaga, today);
}

async function loanForManual(db: Kysely<DB>, loanId: number) {
  const loan = await repo.loanForReminder(db, loanId);
  if (!loan || loan.pinjaman_dihapus !== null) throw notFound('Pinjaman tidak ditemukan');
  return loan;
}

/** The reminder a person would send by hand now, with the loan and instalment it is about. */
async function manualState(db: Kysely<DB>, wa: WhatsApp, lembaga: string, now: Date, loanId: number) {
  const loan = await loanForManual(db, loanId);
  const today = todayJakarta(now);
  const setting = await getPengingatSetting(db);
  const phone = normalizeRecipientPhone(loan.telepon);
  const ledger = loanLedger(loan, await paymentsOfLoans(db, [loan.id]), today);
  // By hand also a macet loan: a person decides to contact a customer in default (the automatic
  // reminders go to active loans only).
  const open = isBerjalan(loan.status);
  const found = open ? manualReminder(setting.tahap, ledger.instalments, today) : null;
  const reason =
    loan.status === 'lunas'
      ? 'Pinjaman sudah lunas'
      : !open
        ? 'Pinjaman tidak aktif'
        : loan.nasabah_dihapus !== null || loan.nasabah_status !== 'aktif'
          ? 'Nasabah tidak aktif'
          : !loan.terima_pengingat
            ? 'Nasabah menolak pengingat WhatsApp'
            : !phone.ok
              ? 'Nomor telepon nasabah tidak dapat dipakai WhatsApp'
              : !found
                ? 'Tidak ada angsuran yang perlu diingatkan'
                : await customerSendBlock(db, wa, now);
  const preview: PengingatManualResponse = {
    nama: loan.nama,
    nomor: phone.ok ? phone.value : null,
    tahap: found ? stageLabel(found.stage.hari) : null,
    teks: found
      ? renderTemplate(
          found.stage.template,
          pengingatValues({ lembaga, nama_nasabah: loan.nama, loan, line: found.line, summary: ledger.summary }),
        )
      : '',
    alasan: reason,
  };
  return { preview, loan, line: found?.line ?? null };
}

/** `GET /api/pinjaman/:id/pengingat`: the reminder a person would send by hand now, filled in, or why none can go. */
export async function manualPreview(db: Kysely<DB>, wa: WhatsApp, lembaga: string, now: Date, loanId: number) {
  return (await manualState(db, wa, lembaga, now, loanId)).preview;
}

/**
 * `POST /api/pinjaman/:id/pengingat`: sends the text staff edited to the customer's own number,
 * now, within the window and the day's cap (it counts), logged as `manual` with the loan, and in
 * the activity log. Answers the message as it ended (SENT, or FAILED with the reason).
 */
export async function sendManual(
  db: Kysely<DB>,
  wa: WhatsApp,
  lembaga: string,
  now: Date,
  loanId: number,
  input: { teks: string; requestKey: string; userId: number },
) {
  const { preview, loan, line } = await manualState(db, wa, lembaga, now, loanId);
  if (preview.alasan) throw conflict(preview.alasan);
  const key = `manual:${loanId}:${input.requestKey}`;
  const rows = await wa.outbox.send([
    {
      idempotencyKey: key,
      jenis: 'manual',
      recipientId: null,
      nama: loan.nama,
      phone: preview.nomor!,
      text: input.teks,
      createdBy: input.userId,
      nasabahId: loan.nasabah_id,
      pinjamanId: loan.id,
      angsuranKe: line?.angsuran_ke ?? null,
      jatuhTempo: line?.jatuh_tempo ?? null,
    },
  ]);
  const row = rows.get(key)!;
  await recordActivity(db, {
    type: 'pinjaman.pengingat',
    description: `Pengingat WhatsApp ${row.status === 'FAILED' ? 'gagal dikirim' : 'dikirim'} ke ${loan.nama} (${loan.nomor_pinjaman ?? `Pinjaman #${loan.id}`})`,
    category: 'pinjaman',
    entityType: 'pinjaman',
    entityId: loan.id,
    userId: input.userId,
  });
  return row;
}

/**
 * A customer's reply (issue 24): STOP or BERHENTI from a number we sent reminders or messages by
 * hand to turns the reminders of those customers off, is written in the activity log, and is
 * confirmed once (only when it changed something: a second STOP gets no second answer). Other
 * texts and unknown numbers are left alone.
 */
export async function handleIncoming(
  db: Kysely<DB>,
  wa: WhatsApp,
  lembaga: string,
  message: { phone: string; text: string; messageId: string },
): Promise<'stopped' | 'ignored'> {
  if (!isStopReply(message.text)) return 'ignored';
  const ids = await repo.customersMessagedAt(db, message.phone);
  const stopped = await db.transaction().execute(async (trx) => {
    const changed = await repo.optOut(trx, ids, null);
    for (const c of changed)
      await recordActivity(trx, {
        type: 'nasabah.berhenti_pengingat',
        description: `${c.nama} meminta berhenti menerima pengingat WhatsApp (balasan "${message.text.trim().slice(0, 20)}" dari ${message.phone})`,
        category: 'other',
        entityType: 'nasabah',
        entityId: c.id,
        userId: null,
      });
    return changed;
  });
  if (stopped.length === 0) return 'ignored';
  if (wa.gateway.snapshot().status === 'READY')
    await wa.outbox.send([
      {
        idempotencyKey: `balasan:berhenti:${message.phone}:${message.messageId}`,
        jenis: 'balasan',
        acara: 'berhenti',
        recipientId: null,
        nama: stopped[0]!.nama,
        phone: message.phone,
        text: stopConfirmationText(lembaga),
        createdBy: null,
        nasabahId: stopped[0]!.id,
      },
    ]);
  return 'stopped';
}
