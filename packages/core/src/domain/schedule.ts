/** The Murabahah repayment schedule: due dates and amounts that add up to the obligation. */
import { addMonths } from './calendar';
import { divRoundHalfUp } from './money';
import { calculateMurabahah } from './murabahah';

/** One instalment of a repayment schedule. */
export interface ScheduleLine {
  /** 1-based instalment number (matches a payment's `angsuran_ke`). */
  angsuran_ke: number;
  /** Due date `YYYY-MM-DD`: tanggal_pinjam plus `angsuran_ke` months, month-end aware. */
  jatuh_tempo: string;
  /** Amount due in whole rupiah. */
  jumlah: number;
  /** Obligation still owed after this instalment is paid. */
  sisa_kewajiban: number;
}

/** Due date of instalment `angsuranKe`: tanggal_pinjam + angsuranKe months, clamped to month end. */
export function dueDate(tanggalPinjam: string, angsuranKe: number): string {
  return addMonths(tanggalPinjam, angsuranKe);
}

/**
 * Splits a whole-rupiah total into `count` instalments of round-half-up(total / count); each is
 * capped at what is still owed and the last takes the remainder, so they sum to `total` exactly.
 */
export function splitIntoInstalments(total: number, count: number): number[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`Jumlah angsuran tidak valid: ${count}`);
  const regular = Number(divRoundHalfUp(BigInt(total), BigInt(count)));
  const amounts: number[] = [];
  let remaining = total;
  for (let k = 1; k < count; k += 1) {
    const amount = Math.min(regular, remaining);
    amounts.push(amount);
    remaining -= amount;
  }
  amounts.push(remaining);
  return amounts;
}

/** The full repayment schedule of a Murabahah loan; throws RangeError on a bad durasi or date. */
export function buildMurabahahSchedule(loan: {
  tanggal_pinjam: string;
  jumlah: number;
  persentase: number;
  durasi_angsuran: number;
}): ScheduleLine[] {
  const { totalObligation, durasi } = calculateMurabahah(loan.jumlah, loan.persentase, loan.durasi_angsuran);
  let owed = totalObligation;
  return splitIntoInstalments(totalObligation, durasi).map((jumlah, index) => {
    owed -= jumlah;
    return {
      angsuran_ke: index + 1,
      jatuh_tempo: dueDate(loan.tanggal_pinjam, index + 1),
      jumlah,
      sisa_kewajiban: owed,
    };
  });
}
