/**
 * Reminders to customers (issue 24, part B): the stages relative to an instalment's due date,
 * the sending window OJK allows for collection contact (POJK 22/2023 Pasal 62 ayat (2): Monday to
 * Saturday outside national holidays, 08.00–20.00 local time; docs/domain.md), the daily cap, and
 * the day a planned reminder belongs to (it expires at that day's end, never sent late). Pure
 * functions of the setting and a clock the caller passes: the server plans and sends with them,
 * the browser shows the same answers.
 */
import { addDays, addMonths, daysBetween, jakartaInstant, parseIsoDate, todayJakarta } from './calendar';
import { formatDateLong } from '../format/date';
import { loanCode } from '../format/labels';
import { formatRupiah } from '../format/rupiah';
import type { LedgerInstalment, LedgerSummary } from './ledger';

/** One stage: how many days from the due date (negative before it), e.g. -3 is "H-3". */
export interface PengingatStage {
  hari: number;
  template: string;
}

/** The part of the reminder setting these rules read. */
export interface PengingatWindow {
  /** Weekdays on which reminders go out, 1 = Monday … 7 = Sunday. */
  hari_kirim: readonly number[];
  /** Start and end of the window, `JJ:MM` Jakarta: from `mulai`:00 to before `selesai`:00. */
  mulai: string;
  selesai: string;
  /** Dates `YYYY-MM-DD` on which nothing goes out (national holidays). */
  libur: readonly string[];
}

export interface PengingatCap {
  /** Messages per Jakarta day. */
  batas_harian: number;
  /** Messages per day during the first seven days after a number was linked. */
  batas_minggu_pertama: number;
}

/** The stage's name as staff say it: "H-3", "H", "H+1". */
export function stageLabel(hari: number): string {
  return hari === 0 ? 'H' : hari < 0 ? `H${hari}` : `H+${hari}`;
}

/** The date on which an instalment due `jatuhTempo` is reminded at stage `hari`. */
export function stageDate(jatuhTempo: string, hari: number): string {
  return addDays(jatuhTempo, hari);
}

/** The due date whose instalments are reminded at stage `hari` on `tanggal` (the inverse of stageDate). */
export function dueDateForStage(tanggal: string, hari: number): string {
  return addDays(tanggal, -hari);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Monday = 1 … Sunday = 7 of a calendar date. */
export function isoWeekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** Whether `tanggal` is a sending day: an allowed weekday and not a holiday. */
export function isSendingDay(tanggal: string, window: PengingatWindow): boolean {
  return window.hari_kirim.includes(isoWeekday(tanggal)) && !window.libur.includes(tanggal);
}

/** Whether a reminder may be handed over at `now`: a sending day, from `mulai` up to (not at) `selesai`, Jakarta. */
export function isInWindow(now: Date, window: PengingatWindow): boolean {
  const today = todayJakarta(now);
  if (!isSendingDay(today, window)) return false;
  const jakartaMinutes = Math.floor((now.getTime() - jakartaInstant(today, 0, 0).getTime()) / 60_000);
  return jakartaMinutes >= minutesOf(window.mulai) && jakartaMinutes < minutesOf(window.selesai);
}

/**
 * The next instant at or after `now` when the window is open (now itself when it is open); null
 * when no sending day falls in the next 60 days (every weekday switched off, or a year of holidays).
 */
export function nextWindowOpening(now: Date, window: PengingatWindow): Date | null {
  if (isInWindow(now, window)) return now;
  const today = todayJakarta(now);
  for (let i = 0; i <= 60; i++) {
    const day = addDays(today, i);
    if (!isSendingDay(day, window)) continue;
    const opening = jakartaInstant(day, 0, minutesOf(window.mulai));
    if (opening.getTime() >= now.getTime()) return opening;
  }
  return null;
}

/** A planned reminder belongs to its day: after that Jakarta day it is EXPIRED, never sent late. */
export function isExpired(plannedFor: string, now: Date): boolean {
  return plannedFor < todayJakarta(now);
}

/**
 * How many reminders may still go out today: the day's cap (the first week's while the number was
 * linked less than seven days ago, counted in Jakarta days from the day of linking) less those sent
 * today; never below zero. `linkedOn` null (unknown) counts as a new number.
 */
export function remainingCap(cap: PengingatCap, sentToday: number, today: string, linkedOn: string | null): number {
  const firstWeek = linkedOn === null || daysBetween(linkedOn, today) < 7;
  return Math.max(0, (firstWeek ? cap.batas_minggu_pertama : cap.batas_harian) - sentToday);
}

/** The random pause before the next reminder, whole seconds in [min, max]; `random` in [0, 1). */
export function pauseSeconds([min, max]: readonly [number, number], random: number): number {
  return min + Math.floor(random * (max - min + 1));
}

/**
 * National holidays of 2026 (SKB Menteri Agama, Menteri Ketenagakerjaan and Menteri PANRB Nomor
 * 1497, 2 and 5 Tahun 2025: 17 days; the 8 days of cuti bersama are not national holidays and are
 * not included). The editable holiday list starts with these; docs/domain.md cites the sources.
 */
export const liburNasional2026: readonly string[] = [
  '2026-01-01', // Tahun Baru Masehi
  '2026-01-16', // Isra Mikraj
  '2026-02-17', // Tahun Baru Imlek
  '2026-03-19', // Nyepi
  '2026-03-21', // Idulfitri 1447 H
  '2026-03-22', // Idulfitri 1447 H
  '2026-04-03', // Wafat Yesus Kristus
  '2026-04-05', // Paskah
  '2026-05-01', // Hari Buruh
  '2026-05-14', // Kenaikan Yesus Kristus
  '2026-05-27', // Iduladha 1447 H
  '2026-05-31', // Waisak
  '2026-06-01', // Hari Lahir Pancasila
  '2026-06-16', // Tahun Baru Islam 1448 H
  '2026-08-17', // Proklamasi Kemerdekaan
  '2026-08-25', // Maulid Nabi Muhammad
  '2026-12-25', // Natal
];

/** What each placeholder of a reminder stands for (the settings screen lists them). */
export const pengingatPlaceholderDescriptions = {
  lembaga: 'nama lembaga',
  nama_nasabah: 'nama nasabah',
  nomor_pinjaman: 'nomor pinjaman',
  angsuran_ke: 'angsuran ke-',
  jumlah: 'jumlah angsuran (Rp)',
  jatuh_tempo: 'tanggal jatuh tempo',
  tunggakan: 'jumlah tunggakan (Rp)',
  hari_tunggakan: 'hari tunggakan',
} as const;
export type PengingatPlaceholder = keyof typeof pengingatPlaceholderDescriptions;
export const pengingatPlaceholders = Object.keys(pengingatPlaceholderDescriptions) as PengingatPlaceholder[];

/** How a customer stops the reminders: a reply the gateway understands (isStopReply). */
const BERHENTI_HINT = ' (Balas BERHENTI bila tidak ingin menerima pengingat.)';

/**
 * The stages and templates a new installation starts with (H-3, H, H+1, H+7): facts only (which
 * instalment, how much, when), no pressure (POJK 22/2023 Pasal 62 ayat (2)).
 */
export const defaultPengingatStages: readonly PengingatStage[] = [
  {
    hari: -3,
    template:
      'Assalamu’alaikum {nama_nasabah}. Kami mengingatkan angsuran ke-{angsuran_ke} pembiayaan {nomor_pinjaman} ' +
      'sebesar {jumlah} jatuh tempo pada {jatuh_tempo}. Terima kasih. {lembaga}' +
      BERHENTI_HINT,
  },
  {
    hari: 0,
    template:
      'Assalamu’alaikum {nama_nasabah}. Angsuran ke-{angsuran_ke} pembiayaan {nomor_pinjaman} sebesar {jumlah} ' +
      'jatuh tempo hari ini, {jatuh_tempo}. Terima kasih. {lembaga}' +
      BERHENTI_HINT,
  },
  {
    hari: 1,
    template:
      'Assalamu’alaikum {nama_nasabah}. Angsuran ke-{angsuran_ke} pembiayaan {nomor_pinjaman} sebesar {jumlah} ' +
      'yang jatuh tempo pada {jatuh_tempo} belum kami terima. Jika sudah membayar, mohon abaikan pesan ini. {lembaga}' +
      BERHENTI_HINT,
  },
  {
    hari: 7,
    template:
      'Assalamu’alaikum {nama_nasabah}. Pembiayaan {nomor_pinjaman} memiliki tunggakan {tunggakan} ' +
      '({hari_tunggakan} hari). Silakan menghubungi kantor kami bila ada kesulitan. Jika sudah membayar, mohon abaikan pesan ini. {lembaga}' +
      BERHENTI_HINT,
  },
];

/** The words of a reply that stops the reminders (issue 24): STOP or BERHENTI, in any case. */
export const stopWords = ['STOP', 'BERHENTI'] as const;

/**
 * Whether an incoming WhatsApp text asks to stop the reminders: the whole message is one of
 * `stopWords`, in any case, with spaces or closing punctuation around it ("stop", "BERHENTI.",
 * " Berhenti! "). A sentence that merely contains the word ("jangan berhenti kirim") is not a request.
 */
export function isStopReply(text: string | null | undefined): boolean {
  const word = (text ?? '')
    .trim()
    .replace(/[\s.!,;:~*_-]+$/u, '')
    .replace(/^[\s*_~]+/u, '')
    .toUpperCase();
  return (stopWords as readonly string[]).includes(word);
}

/** The one confirmation a customer receives after stopping the reminders. */
export function stopConfirmationText(lembaga: string): string {
  return (
    `Permintaan Anda kami terima. ${lembaga} tidak akan lagi mengirim pengingat angsuran lewat WhatsApp ke nomor ini. ` +
    'Bila ingin menerimanya kembali, silakan hubungi kantor kami.'
  );
}

/**
 * The instalment number whose due date is `jatuhTempo` in a loan made on `tanggalPinjam` (due dates
 * are tanggal_pinjam plus whole months, clamped to the month's end: core `dueDate`); null when no
 * instalment falls on that date.
 */
export function instalmentNumberOn(tanggalPinjam: string, jatuhTempo: string): number | null {
  const from = parseIsoDate(tanggalPinjam);
  const to = parseIsoDate(jatuhTempo);
  if (!from || !to) return null;
  const months = (to.year - from.year) * 12 + (to.month - from.month);
  return months >= 1 && addMonths(tanggalPinjam, months) === jatuhTempo ? months : null;
}

/**
 * The calendar days of the month on which loans have an instalment due on `jatuhTempo`: its own
 * day, and on a month's last day also every later day (a loan of the 31st is due on 30 April).
 * The planner's first filter in SQL; `instalmentNumberOn` decides.
 */
export function loanDaysDueOn(jatuhTempo: string): { day: number; orLater: boolean } {
  const day = Number(jatuhTempo.slice(8, 10));
  return { day, orLater: addDays(jatuhTempo, 1).slice(8, 10) === '01' };
}

/**
 * The instalment a stage reminds of on `tanggal`: the ledger's line due on
 * `dueDateForStage(tanggal, hari)` while something of it is still owed; null otherwise (paid
 * meanwhile, or no instalment falls on that date).
 */
export function reminderLine(instalments: readonly LedgerInstalment[], tanggal: string, hari: number): LedgerInstalment | null {
  const due = dueDateForStage(tanggal, hari);
  return instalments.find((line) => line.jatuh_tempo === due && line.sisa > 0) ?? null;
}

/** Why a planned reminder is not sent after all (logged as SKIPPED), or null when it may go. */
export function reminderSkipReason(f: {
  pinjaman: { ada: boolean; status: string } | null;
  nasabah: { ada: boolean; status: string; terima_pengingat: boolean; nomor: string | null } | null;
  /** Whether the instalment is still owed (reminderLine is not null). */
  belumDibayar: boolean;
}): string | null {
  if (!f.pinjaman?.ada) return 'Pinjaman sudah dihapus';
  if (f.pinjaman.status === 'lunas') return 'Pinjaman sudah lunas';
  if (f.pinjaman.status !== 'aktif') return 'Pinjaman tidak aktif';
  if (!f.nasabah?.ada) return 'Nasabah sudah dihapus';
  if (f.nasabah.status !== 'aktif') return 'Nasabah tidak aktif';
  if (!f.nasabah.terima_pengingat) return 'Nasabah menolak pengingat WhatsApp';
  if (f.nasabah.nomor === null) return 'Nomor telepon nasabah tidak dapat dipakai WhatsApp';
  if (!f.belumDibayar) return 'Angsuran sudah dibayar';
  return null;
}

/** The values of a reminder's placeholders, formatted as the app shows them. */
export function pengingatValues(f: {
  lembaga: string;
  nama_nasabah: string;
  loan: { id: number; nomor_pinjaman: string | null };
  line: Pick<LedgerInstalment, 'angsuran_ke' | 'jatuh_tempo' | 'sisa'>;
  summary: Pick<LedgerSummary, 'tunggakan_total' | 'hari_tunggakan'>;
}): Record<PengingatPlaceholder, string> {
  return {
    lembaga: f.lembaga,
    nama_nasabah: f.nama_nasabah,
    nomor_pinjaman: loanCode(f.loan),
    angsuran_ke: String(f.line.angsuran_ke),
    jumlah: formatRupiah(f.line.sisa),
    jatuh_tempo: formatDateLong(f.line.jatuh_tempo),
    tunggakan: formatRupiah(f.summary.tunggakan_total),
    hari_tunggakan: f.summary.hari_tunggakan.toLocaleString('id-ID'),
  };
}

/**
 * What a reminder sent by hand on `tanggal` is about, and the stage whose template it starts from:
 * with arrears, the oldest late instalment and the latest stage after the due date the arrears
 * have reached (the earliest after it when none was reached yet); without, the next instalment and
 * the stage before it whose day has come (the earliest stage before the due date when none has).
 * Null when nothing is owed (every instalment paid, or no schedule) or there are no stages.
 */
export function manualReminder(
  stages: readonly PengingatStage[],
  instalments: readonly LedgerInstalment[],
  tanggal: string,
): { stage: PengingatStage; line: LedgerInstalment } | null {
  if (stages.length === 0) return null;
  const byDay = [...stages].sort((a, b) => a.hari - b.hari);
  const late = instalments.find((line) => line.sisa > 0 && line.jatuh_tempo < tanggal);
  if (late) {
    const days = daysBetween(late.jatuh_tempo, tanggal);
    const after = byDay.filter((s) => s.hari > 0);
    const stage = [...after].reverse().find((s) => s.hari <= days) ?? after[0] ?? byDay[byDay.length - 1]!;
    return { stage, line: late };
  }
  const next = instalments.find((line) => line.sisa > 0);
  if (!next) return null;
  const until = daysBetween(tanggal, next.jatuh_tempo);
  const before = byDay.filter((s) => s.hari <= 0);
  const stage = [...before].reverse().find((s) => -s.hari >= until) ?? before[0] ?? byDay[0]!;
  return { stage, line: next };
}

/** The weekdays' names, Monday = 1 first. */
export const hariNames = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'] as const;

/** The sending days as people say them: "Senin–Sabtu", "Senin, Rabu dan Jumat", "setiap hari". */
export function sendingDaysText(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return 'setiap hari';
  const name = (d: number) => hariNames[d - 1] ?? String(d);
  const contiguous = sorted.length >= 3 && sorted.every((d, i) => i === 0 || d === sorted[i - 1]! + 1);
  if (contiguous) return `${name(sorted[0]!)}–${name(sorted[sorted.length - 1]!)}`;
  const names = sorted.map(name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} dan ${names[names.length - 1]}`;
}

/** The window in one phrase: "Senin–Sabtu pukul 08:00–20:00 WIB, kecuali hari libur". */
export function windowText(window: PengingatWindow): string {
  return `${sendingDaysText(window.hari_kirim)} pukul ${window.mulai}–${window.selesai} WIB, kecuali hari libur`;
}
