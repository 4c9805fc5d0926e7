/**
 * Reminders to customers (issue 24, part B): the stages relative to an instalment's due date,
 * the sending window OJK allows for collection contact (POJK 22/2023 Pasal 62 ayat (2): Monday to
 * Saturday outside national holidays, 08.00–20.00 local time; docs/domain.md), the daily cap, and
 * the day a planned reminder belongs to (it expires at that day's end, never sent late). Pure
 * functions of the setting and a clock the caller passes: the server plans and sends with them,
 * the browser shows the same answers.
 */
import { addDays, daysBetween, jakartaInstant, todayJakarta } from './calendar';

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

/**
 * The stages and templates a new installation starts with (H-3, H, H+1, H+7): facts only (which
 * instalment, how much, when), no pressure (POJK 22/2023 Pasal 62 ayat (2)).
 */
export const defaultPengingatStages: readonly PengingatStage[] = [
  {
    hari: -3,
    template:
      'Assalamu’alaikum {nama_nasabah}. Kami mengingatkan angsuran ke-{angsuran_ke} pembiayaan {nomor_pinjaman} ' +
      'sebesar {jumlah} jatuh tempo pada {jatuh_tempo}. Terima kasih. {lembaga}',
  },
  {
    hari: 0,
    template:
      'Assalamu’alaikum {nama_nasabah}. Angsuran ke-{angsuran_ke} pembiayaan {nomor_pinjaman} sebesar {jumlah} ' +
      'jatuh tempo hari ini, {jatuh_tempo}. Terima kasih. {lembaga}',
  },
  {
    hari: 1,
    template:
      'Assalamu’alaikum {nama_nasabah}. Angsuran ke-{angsuran_ke} pembiayaan {nomor_pinjaman} sebesar {jumlah} ' +
      'yang jatuh tempo pada {jatuh_tempo} belum kami terima. Jika sudah membayar, mohon abaikan pesan ini. {lembaga}',
  },
  {
    hari: 7,
    template:
      'Assalamu’alaikum {nama_nasabah}. Pembiayaan {nomor_pinjaman} memiliki tunggakan {tunggakan} ' +
      '({hari_tunggakan} hari). Silakan menghubungi kantor kami bila ada kesulitan. Jika sudah membayar, mohon abaikan pesan ini. {lembaga}',
  },
];
