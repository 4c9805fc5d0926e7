/**
 * Rescheduling a Murabahah (penjadwalan kembali, issue 27 D; DSN-MUI fatwa 48/DSN-MUI/II/2005):
 * the obligation still owed, exactly as it is, spread over a new number of months from the next
 * monthly date (after an optional grace), without any added margin. Rules and a worked example:
 * docs/domain.md ("Rescheduling").
 */
import { addMonths } from './calendar';
import { murabahahAllocation, splitPrincipal, type JadwalLine, type LedgerLoan, type LedgerPayment } from './ledger';
import { splitIntoInstalments } from './schedule';

/** What staff choose: the new number of monthly instalments and the months of grace before the first. */
export interface RencanaPenjadwalan {
  durasi: number;
  tenggang: number;
}

export const penjadwalanLimits = { durasiMax: 120, tenggangMax: 12 } as const;

export interface Penjadwalan {
  /** The day it is computed on (the request, or its approval). */
  tanggal: string;
  /** The schedule before (as the ledger has it now). */
  jadwal_lama: JadwalLine[];
  /** The schedule after: the lines already paid (as far as they were paid), then the new ones. */
  jadwal: JadwalLine[];
  /** How many lines of `jadwal` are the paid history. */
  riwayat: number;
  /** Principal and margin still owed: what the new lines add up to. */
  sisa_pokok: number;
  sisa_margin: number;
  sisa_kewajiban: number;
  /** The new lines' regular amount (the last takes the rounding). */
  angsuran_baru: number;
  jatuh_tempo_pertama: string;
  durasi: number;
  tenggang: number;
}

export const penjadwalanMessages = {
  bukanMurabahah: 'Penjadwalan kembali hanya untuk pinjaman Murabahah dengan durasi angsuran',
  tidakBerjalan: 'Penjadwalan kembali hanya untuk pinjaman aktif atau macet',
  tidakAdaSisa: 'Tidak ada sisa kewajiban untuk dijadwalkan kembali',
  sudahDiajukan: 'Penjadwalan kembali pinjaman ini sudah diajukan dan menunggu persetujuan',
  berubah: 'Pembayaran pinjaman ini berubah sejak penjadwalan diajukan; ajukan ulang penjadwalan',
  durasi: `Durasi baru harus 1 sampai ${penjadwalanLimits.durasiMax} bulan`,
  tenggang: `Masa tenggang harus 0 sampai ${penjadwalanLimits.tenggangMax} bulan`,
} as const;

/**
 * The rescheduled schedule of a Murabahah on `tanggal`, from its payments up to that day; null for
 * a loan that is not a Murabahah with a schedule, or that owes nothing. The lines paid (in part or
 * whole) stay, each at what was paid of it (margin first, as the ledger splits it); what is still
 * owed of principal and margin, arrears included, is spread over `durasi` new monthly lines on the
 * akad's day of the month, the first after the next such date plus `tenggang` months. The
 * obligation never grows: all lines add up to the akad's price, their principal to the financing.
 */
export function penjadwalan(
  loan: LedgerLoan,
  payments: readonly LedgerPayment[],
  tanggal: string,
  rencana: RencanaPenjadwalan,
): Penjadwalan | null {
  if (loan.tipe !== 'pokok') return null;
  const { dues, steps } = murabahahAllocation(
    loan,
    payments.filter((p) => p.tanggal <= tanggal),
  );
  if (dues.length === 0) return null;
  const paid = dues.map(() => 0);
  for (const step of steps) for (const [i, amount] of step.parts) paid[i]! += amount;
  let riwayat = 0;
  paid.forEach((p, i) => {
    if (p > 0) riwayat = i + 1;
  });
  const history: JadwalLine[] = dues.slice(0, riwayat).map((d, i) => {
    const margin = Math.min(paid[i]!, d.margin);
    return { jatuh_tempo: d.jatuh_tempo, pokok: paid[i]! - margin, margin };
  });
  const sisaPokok = loan.jumlah - history.reduce((sum, l) => sum + l.pokok, 0);
  const sisaMargin = dues.reduce((sum, d) => sum + d.margin, 0) - history.reduce((sum, l) => sum + l.margin, 0);
  const sisa = sisaPokok + sisaMargin;
  if (sisa <= 0) return null;
  let next = 1;
  while (addMonths(loan.tanggal_pinjam, next) <= tanggal) next += 1;
  const amounts = splitIntoInstalments(sisa, rencana.durasi);
  const pokok = splitPrincipal(amounts, sisaPokok);
  const fresh: JadwalLine[] = amounts.map((amount, j) => ({
    jatuh_tempo: addMonths(loan.tanggal_pinjam, next + rencana.tenggang + j),
    pokok: pokok[j]!,
    margin: amount - pokok[j]!,
  }));
  return {
    tanggal,
    jadwal_lama: dues.map((d) => ({ jatuh_tempo: d.jatuh_tempo, pokok: d.pokok, margin: d.margin })),
    jadwal: [...history, ...fresh],
    riwayat,
    sisa_pokok: sisaPokok,
    sisa_margin: sisaMargin,
    sisa_kewajiban: sisa,
    angsuran_baru: amounts[0]!,
    jatuh_tempo_pertama: fresh[0]!.jatuh_tempo,
    durasi: rencana.durasi,
    tenggang: rencana.tenggang,
  };
}
