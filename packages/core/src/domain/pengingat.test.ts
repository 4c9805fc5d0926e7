import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, jakartaInstant } from './calendar';
import { loanLedger } from './ledger';
import { dueDate } from './schedule';
import {
  defaultPengingatStages,
  instalmentNumberOn,
  isStopReply,
  loanDaysDueOn,
  manualReminder,
  pengingatValues,
  reminderLine,
  reminderSkipReason,
  sendingDaysText,
  windowText,
  dueDateForStage,
  isExpired,
  isInWindow,
  isoWeekday,
  isSendingDay,
  liburNasional2026,
  nextWindowOpening,
  pauseSeconds,
  remainingCap,
  stageDate,
  stageLabel,
  type PengingatWindow,
} from './pengingat';
import { defaultPengingatSetting, pengingatSettingSchema, type PengingatSetting } from '../schemas/settings';

// Reminders' rules (issue 24, part B) at their boundaries: Jakarta's midnight, the window's
// minutes, Sunday and holidays, month and year ends, the first week's cap.

const ojk: PengingatWindow = { hari_kirim: [1, 2, 3, 4, 5, 6], mulai: '08:00', selesai: '20:00', libur: liburNasional2026 };
/** An instant given as Jakarta wall-clock time. */
const wib = (date: string, hhmm: string) => jakartaInstant(date, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)));
const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('stages', () => {
  it('are named as staff say them', () => {
    expect([-3, 0, 1, 7].map(stageLabel)).toEqual(['H-3', 'H', 'H+1', 'H+7']);
  });
  it('fall across month and year ends', () => {
    expect(stageDate('2026-03-01', -3)).toBe('2026-02-26');
    expect(stageDate('2024-03-01', -3)).toBe('2024-02-27');
    expect(stageDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(stageDate('2026-12-28', 7)).toBe('2027-01-04');
  });
  it('find back the due date they remind of (property)', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -60, max: 60 }), (due, hari) => {
        expect(dueDateForStage(stageDate(due, hari), hari)).toBe(due);
      }),
    );
  });
});

describe('the sending window (POJK 22/2023 Pasal 62)', () => {
  it('is Monday to Saturday from 08:00 up to 20:00 Jakarta', () => {
    // 2026-11-23 is a Monday, 2026-11-28 a Saturday, 2026-11-29 a Sunday.
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isInWindow(wib('2026-11-23', '07:59'), ojk)).toBe(false);
    expect(isInWindow(wib('2026-11-23', '08:00'), ojk)).toBe(true);
    expect(isInWindow(wib('2026-11-23', '19:59'), ojk)).toBe(true);
    expect(isInWindow(wib('2026-11-23', '20:00'), ojk)).toBe(false);
    expect(isInWindow(wib('2026-11-28', '12:00'), ojk)).toBe(true);
    expect(isInWindow(wib('2026-11-29', '12:00'), ojk)).toBe(false);
  });
  it('reads the Jakarta day, not the server’s: 00:30 Jakarta is still the day before in UTC', () => {
    // Monday 2026-11-23 00:30 WIB is Sunday 17:30 UTC: the day is Monday, the hour too early.
    const now = wib('2026-11-23', '00:30');
    expect(now.toISOString()).toBe('2026-11-22T17:30:00.000Z');
    expect(isInWindow(now, ojk)).toBe(false);
    expect(nextWindowOpening(now, ojk)).toEqual(wib('2026-11-23', '08:00'));
  });
  it('is closed on national holidays, and opens on the next sending day', () => {
    expect(isSendingDay('2026-12-25', ojk)).toBe(false);
    expect(isInWindow(wib('2026-12-25', '10:00'), ojk)).toBe(false);
    // Christmas 2026 is a Friday: the next opening is Saturday 08:00.
    expect(nextWindowOpening(wib('2026-12-24', '20:00'), ojk)).toEqual(wib('2026-12-26', '08:00'));
    // Saturday evening: Monday morning (Sunday is not a sending day).
    expect(nextWindowOpening(wib('2026-11-28', '20:00'), ojk)).toEqual(wib('2026-11-30', '08:00'));
    // Idulfitri 2026 falls on Saturday and Sunday: Friday evening opens on Monday.
    expect(nextWindowOpening(wib('2026-03-20', '21:00'), ojk)).toEqual(wib('2026-03-23', '08:00'));
  });
  it('never opens when no weekday is allowed', () => {
    expect(nextWindowOpening(wib('2026-11-23', '09:00'), { ...ojk, hari_kirim: [] })).toBeNull();
  });
  it('answers an opening inside the window, never earlier than now (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }), (ms) => {
        const now = new Date(ms);
        const opening = nextWindowOpening(now, ojk)!;
        expect(opening.getTime()).toBeGreaterThanOrEqual(now.getTime());
        expect(isInWindow(opening, ojk)).toBe(true);
        // Nothing in between is inside the window (checked at each quarter hour).
        for (let t = now.getTime(); t < opening.getTime(); t += 15 * 60_000) expect(isInWindow(new Date(t), ojk)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
  it('holds the seventeen national holidays of 2026, none of them twice', () => {
    expect(liburNasional2026).toHaveLength(17);
    expect(new Set(liburNasional2026).size).toBe(17);
    expect([...liburNasional2026].sort()).toEqual(liburNasional2026);
  });
});

describe('expiry, cap and pacing', () => {
  it('keeps a reminder through its Jakarta day and expires it at midnight', () => {
    expect(isExpired('2026-11-30', wib('2026-11-30', '23:59'))).toBe(false);
    expect(isExpired('2026-11-30', wib('2026-12-01', '00:00'))).toBe(true);
    expect(isExpired('2026-12-31', wib('2027-01-01', '00:00'))).toBe(true);
  });
  it('allows the first week’s cap for seven days after linking, then the day’s cap', () => {
    const cap = { batas_harian: 200, batas_minggu_pertama: 50 };
    expect(remainingCap(cap, 0, '2026-11-23', '2026-11-23')).toBe(50);
    expect(remainingCap(cap, 10, '2026-11-29', '2026-11-23')).toBe(40);
    expect(remainingCap(cap, 10, '2026-11-30', '2026-11-23')).toBe(190);
    expect(remainingCap(cap, 250, '2026-12-30', '2026-11-23')).toBe(0);
    expect(remainingCap(cap, 0, '2026-12-30', null)).toBe(50);
    // Across a month's end.
    expect(remainingCap(cap, 0, '2026-03-06', '2026-02-28')).toBe(50);
    expect(remainingCap(cap, 0, '2026-03-07', '2026-02-28')).toBe(200);
  });
  it('pauses a whole number of seconds within the bounds (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) => {
        const s = pauseSeconds([20, 45], r);
        expect(Number.isInteger(s)).toBe(true);
        expect(s).toBeGreaterThanOrEqual(20);
        expect(s).toBeLessThanOrEqual(45);
      }),
    );
    expect(pauseSeconds([20, 45], 0)).toBe(20);
    expect(pauseSeconds([20, 45], 0.999999)).toBe(45);
  });
  it('plans a due date’s stages on the days the stages say (property: expiry follows the plan)', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -30, max: 30 }), (due, hari) => {
        const day = stageDate(due, hari);
        expect(isExpired(day, wib(day, '23:59'))).toBe(false);
        expect(isExpired(day, wib(addDays(day, 1), '00:00'))).toBe(true);
      }),
    );
  });
});

describe('the reminder setting', () => {
  const valid = () => structuredClone(defaultPengingatSetting);
  const problems = (input: unknown) => {
    const parsed = pengingatSettingSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('ships off, with H-3, H, H+1 and H+7 whose templates are valid, and OJK’s window', () => {
    expect(pengingatSettingSchema.parse(valid())).toEqual(defaultPengingatSetting);
    expect(defaultPengingatSetting.aktif).toBe(false);
    expect(defaultPengingatSetting.tahap.map((t) => stageLabel(t.hari))).toEqual(['H-3', 'H', 'H+1', 'H+7']);
    expect([defaultPengingatSetting.mulai, defaultPengingatSetting.selesai]).toEqual(['08:00', '20:00']);
    expect(defaultPengingatSetting.hari_kirim).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it.each([
    [
      'an unknown placeholder',
      (s: PengingatSetting) => (s.tahap[0]!.template = 'Halo {nama}'),
      'tahap.0.template',
      'Placeholder {nama} tidak dikenal',
    ],
    [
      'two stages on one day',
      (s: PengingatSetting) => (s.tahap[1]!.hari = -3),
      'tahap',
      'Dua tahap tidak boleh pada hari yang sama',
    ],
    ['no stage', (s: PengingatSetting) => (s.tahap = []), 'tahap', 'Paling sedikit satu tahap pengingat'],
    [
      'a stage beyond 30 days',
      (s: PengingatSetting) => (s.tahap[0]!.hari = 31),
      'tahap.0.hari',
      'Hari tahap harus bilangan bulat -30 sampai 30',
    ],
    ['no sending day', (s: PengingatSetting) => (s.hari_kirim = []), 'hari_kirim', 'Pilih paling sedikit satu hari kirim'],
    [
      'a weekday 8',
      (s: PengingatSetting) => (s.hari_kirim = [1, 8]),
      'hari_kirim.1',
      'Hari kirim harus bilangan bulat 1 sampai 7',
    ],
    ['an end before the start', (s: PengingatSetting) => (s.selesai = '07:00'), 'selesai', 'Jam selesai harus setelah jam mulai'],
    ['a time 24:00', (s: PengingatSetting) => (s.mulai = '24:00'), 'mulai', 'Jam mulai harus berformat JJ:MM'],
    ['a holiday that is no date', (s: PengingatSetting) => (s.libur = ['2026-02-30']), 'libur.0', 'tidak valid'],
    [
      'a holiday twice',
      (s: PengingatSetting) => (s.libur = ['2026-12-25', '2026-12-25']),
      'libur',
      'Tanggal libur tidak boleh berulang',
    ],
    [
      'a pause whose minimum passes its maximum',
      (s: PengingatSetting) => (s.jeda_detik = { min: 50, max: 20 }),
      'jeda_detik.max',
      'Jeda minimal tidak boleh lebih dari jeda maksimal',
    ],
    [
      'a first week’s cap above the daily cap',
      (s: PengingatSetting) => (s.batas_minggu_pertama = 300),
      'batas_minggu_pertama',
      'tidak boleh lebih dari batas harian',
    ],
    [
      'a cap of zero',
      (s: PengingatSetting) => (s.batas_harian = 0),
      'batas_harian',
      'Batas harian harus bilangan bulat 1 sampai 1000',
    ],
  ])('refuses %s with a field error', (_what, change, path, message) => {
    const input = valid();
    change(input);
    expect(problems(input)).toContainEqual([path, expect.stringContaining(message)]);
  });
});

describe('what a reminder is about', () => {
  // 12 000 000 at 1 % a month for 12 months: 13 440 000 owed, 1 120 000 a month.
  const loan = {
    tipe: 'pokok' as const,
    jumlah: 12_000_000,
    persentase: 1,
    durasi_angsuran: 12,
    tanggal_pinjam: '2026-01-31',
    status: 'aktif',
  };

  it('finds the instalment due on a date, month ends included', () => {
    expect(instalmentNumberOn('2026-01-31', '2026-02-28')).toBe(1);
    expect(instalmentNumberOn('2026-01-31', '2026-04-30')).toBe(3);
    expect(instalmentNumberOn('2026-01-31', '2026-04-29')).toBeNull();
    expect(instalmentNumberOn('2026-01-31', '2026-01-31')).toBeNull();
    expect(instalmentNumberOn('2024-01-29', '2024-02-29')).toBe(1);
    expect(instalmentNumberOn('2026-12-15', '2027-01-15')).toBe(1);
  });

  it('inverts dueDate, and the SQL filter of days never misses a due date (property)', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: 1, max: 360 }), (tanggalPinjam, k) => {
        const due = dueDate(tanggalPinjam, k);
        expect(instalmentNumberOn(tanggalPinjam, due)).toBe(k);
        const { day, orLater } = loanDaysDueOn(due);
        const loanDay = Number(tanggalPinjam.slice(8, 10));
        expect(loanDay === day || (orLater && loanDay > day)).toBe(true);
      }),
    );
  });

  it('reminds of the instalment due on the stage date while something of it is owed', () => {
    const { instalments } = loanLedger(loan, [], '2026-02-25');
    expect(reminderLine(instalments, '2026-02-25', -3)?.angsuran_ke).toBe(1);
    expect(reminderLine(instalments, '2026-02-26', -3)).toBeNull();
    // H+1 of the instalment due 28 February is 1 March.
    expect(reminderLine(loanLedger(loan, [], '2026-03-01').instalments, '2026-03-01', 1)?.jatuh_tempo).toBe('2026-02-28');
    const paid = loanLedger(
      loan,
      [{ id: 1, tanggal: '2026-02-20', jenis: 'angsuran', jumlah: 1_120_000, angsuran_ke: 1 }],
      '2026-02-25',
    );
    expect(reminderLine(paid.instalments, '2026-02-25', -3)).toBeNull();
    // Partly paid: reminded of what is left.
    const part = loanLedger(
      loan,
      [{ id: 1, tanggal: '2026-02-20', jenis: 'angsuran', jumlah: 120_000, angsuran_ke: 1 }],
      '2026-02-25',
    );
    expect(reminderLine(part.instalments, '2026-02-25', -3)?.sisa).toBe(1_000_000);
  });

  it('says why a planned reminder is not sent, in order of what matters', () => {
    const ok = {
      pinjaman: { ada: true, status: 'aktif' },
      nasabah: { ada: true, status: 'aktif', terima_pengingat: true, nomor: '6281234567890' },
      belumDibayar: true,
    };
    expect(reminderSkipReason(ok)).toBeNull();
    expect(reminderSkipReason({ ...ok, pinjaman: null })).toBe('Pinjaman sudah dihapus');
    expect(reminderSkipReason({ ...ok, pinjaman: { ada: true, status: 'lunas' } })).toBe('Pinjaman sudah lunas');
    expect(reminderSkipReason({ ...ok, pinjaman: { ada: true, status: 'macet' } })).toBe('Pinjaman tidak aktif');
    expect(reminderSkipReason({ ...ok, nasabah: { ...ok.nasabah, status: 'nonaktif' } })).toBe('Nasabah tidak aktif');
    expect(reminderSkipReason({ ...ok, nasabah: { ...ok.nasabah, terima_pengingat: false } })).toBe(
      'Nasabah menolak pengingat WhatsApp',
    );
    expect(reminderSkipReason({ ...ok, nasabah: { ...ok.nasabah, nomor: null } })).toBe(
      'Nomor telepon nasabah tidak dapat dipakai WhatsApp',
    );
    expect(reminderSkipReason({ ...ok, belumDibayar: false })).toBe('Angsuran sudah dibayar');
  });

  it('fills the placeholders as the app shows money and dates', () => {
    const { instalments, summary } = loanLedger(loan, [], '2026-03-07');
    const values = pengingatValues({
      lembaga: 'BMT Contoh',
      nama_nasabah: 'Siti',
      loan: { id: 5, nomor_pinjaman: null },
      line: instalments[0]!,
      summary,
    });
    expect(values).toEqual({
      lembaga: 'BMT Contoh',
      nama_nasabah: 'Siti',
      nomor_pinjaman: 'Pinjaman #5',
      angsuran_ke: '1',
      jumlah: 'Rp 1.120.000',
      jatuh_tempo: '28 Februari 2026',
      tunggakan: 'Rp 1.120.000',
      hari_tunggakan: '7',
    });
  });

  it('starts a reminder by hand from the stage that fits the loan today', () => {
    const stages = defaultPengingatStages;
    const at = (today: string) => {
      const found = manualReminder(stages, loanLedger(loan, [], today).instalments, today);
      return found && { hari: found.stage.hari, ke: found.line.angsuran_ke };
    };
    expect(at('2026-02-10')).toEqual({ hari: -3, ke: 1 });
    expect(at('2026-02-26')).toEqual({ hari: -3, ke: 1 });
    expect(at('2026-02-28')).toEqual({ hari: 0, ke: 1 });
    expect(at('2026-03-01')).toEqual({ hari: 1, ke: 1 });
    expect(at('2026-03-06')).toEqual({ hari: 1, ke: 1 });
    expect(at('2026-03-07')).toEqual({ hari: 7, ke: 1 });
    expect(at('2026-05-20')).toEqual({ hari: 7, ke: 1 });
    const allPaid = loanLedger(loan, [{ id: 1, tanggal: '2026-02-01', jenis: 'pelunasan', jumlah: 13_440_000 }], '2026-03-01');
    expect(manualReminder(stages, allPaid.instalments, '2026-03-01')).toBeNull();
    expect(manualReminder([], loanLedger(loan, [], '2026-03-01').instalments, '2026-03-01')).toBeNull();
  });

  it('hears STOP and BERHENTI as a whole reply only', () => {
    for (const text of ['STOP', 'stop', ' Berhenti ', 'BERHENTI.', 'berhenti!!', '*STOP*']) expect(isStopReply(text)).toBe(true);
    for (const text of ['', null, 'jangan berhenti', 'STOP kirim', 'stopp', 'Terima kasih'])
      expect(isStopReply(text)).toBe(false);
  });

  it('ship templates that tell how to stop them', () => {
    for (const stage of defaultPengingatStages) expect(stage.template).toContain('Balas BERHENTI');
  });
});

describe('the window in words', () => {
  it('names the days as people say them', () => {
    expect(sendingDaysText([1, 2, 3, 4, 5, 6])).toBe('Senin–Sabtu');
    expect(sendingDaysText([6, 5, 4, 3, 2, 1, 7])).toBe('setiap hari');
    expect(sendingDaysText([1, 3, 5])).toBe('Senin, Rabu dan Jumat');
    expect(sendingDaysText([2, 3])).toBe('Selasa dan Rabu');
    expect(sendingDaysText([4])).toBe('Kamis');
    expect(windowText(ojk)).toBe('Senin–Sabtu pukul 08:00–20:00 WIB, kecuali hari libur');
  });
});
