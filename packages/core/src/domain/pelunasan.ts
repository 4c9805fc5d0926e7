/**
 * Early settlement of a Murabahah (pelunasan dipercepat, issue 27 B): the settlement quote that
 * DSN-MUI fatwa 153/DSN-MUI/VI/2022 requires (the institution takes the margin of the time that
 * has passed, never of the time not yet passed) and the khasm discount of fatwa 46/DSN-MUI/II/2005
 * (on the margin still owed only). Rules, sources and a worked example: docs/domain.md
 * ("Early settlement").
 */
import { addMonths } from './calendar';
import { murabahahAllocation, type LedgerLoan, type LedgerPayment } from './ledger';
import { isValidDurasi } from './murabahah';
import { methodMargins, periodsBegun, type MetodePengakuanMargin } from './margin';
import { divRoundHalfUp, mulDivFloor } from './money';
import { formatRupiah } from '../format/rupiah';
import { formatPercent } from '../format/percent';

/** What a settlement on a given day costs, and why. */
export interface SettlementQuote {
  /** The settlement day `YYYY-MM-DD`. */
  tanggal: string;
  /** Months of the akad. */
  durasi: number;
  /** Months of the akad that have begun by the settlement day (the running month counts). */
  bulan_berjalan: number;
  /** Principal not yet repaid: what was paid less the margin it carried under the method. */
  pokok_sisa: number;
  /** The margin fixed in the akad. */
  margin_akad: number;
  /** The margin of the months that have begun, under the institution's recognition method. */
  margin_berjalan: number;
  /** The margin the payments so far carried under the method (what the income report recognised). */
  margin_terbayar: number;
  /** The margin of the months that have begun still owed (the khasm is taken from this only). */
  margin_sisa: number;
  /** The margin of the months not yet begun: not collected (fatwa 153/2022). */
  margin_tidak_ditagih: number;
  /** What settles the loan before any khasm: the principal and margin of the time passed, less what was paid. */
  total_pelunasan: number;
  /** What the akad's schedule still asks (total obligation less what the payments covered). */
  sisa_kewajiban: number;
}

/**
 * How many months of the akad have begun on `tanggal`: month k runs from tanggal_pinjam + (k−1)
 * months to its due date; it has begun once that start is behind the day (a settlement on a due
 * date starts nothing new). 0 on the day of the akad itself, at most `durasi`.
 */
export function bulanBerjalan(tanggalPinjam: string, durasi: number, tanggal: string): number {
  return periodsBegun(
    tanggalPinjam,
    Array.from({ length: durasi }, (_, k) => addMonths(tanggalPinjam, k + 1)),
    tanggal,
  );
}

/**
 * The settlement quote of a Murabahah on `tanggal` from its payments (any order), under the
 * institution's margin method (the same method that recognises its income, fatwa 84/2012); null
 * when the loan is not a Murabahah with a valid term. Payments dated after `tanggal` are not counted.
 */
export function settlementQuote(
  loan: LedgerLoan,
  payments: readonly LedgerPayment[],
  tanggal: string,
  metode: MetodePengakuanMargin,
): SettlementQuote | null {
  if (loan.tipe !== 'pokok' || !isValidDurasi(loan.durasi_angsuran)) return null;
  const { dues, steps } = murabahahAllocation(
    loan,
    payments.filter((p) => p.tanggal <= tanggal),
  );
  const paid = dues.map(() => 0);
  for (const step of steps) for (const [i, amount] of step.parts) paid[i]! += amount;
  const totalPaid = paid.reduce((sum, p) => sum + p, 0);
  const marginAkad = dues.reduce((sum, d) => sum + d.margin, 0);
  const margins = methodMargins(dues, loan.jumlah, metode);
  // What was paid of an instalment carries its margin in proportion, under the method: the margin
  // the income report recognised (core loanIncome), so the quote and the books agree.
  const marginTerbayar = dues.reduce((sum, d, i) => sum + mulDivFloor(paid[i]!, margins[i]!, d.pokok + d.margin), 0);
  const durasi = dues.length;
  const months = periodsBegun(
    loan.tanggal_pinjam,
    dues.map((d) => d.jatuh_tempo),
    tanggal,
  );
  const marginBerjalan = margins.slice(0, months).reduce((sum, m) => sum + m, 0);
  // Margin the payments carried beyond the months begun (instalments paid ahead) is principal
  // repaid: the institution keeps only the margin of the time passed (fatwa 153/2022), so the
  // principal left and the margin left add up to what settles the loan (issue 47).
  const pokokSisa = loan.jumlah - (totalPaid - Math.min(marginTerbayar, marginBerjalan));
  return {
    tanggal,
    durasi,
    bulan_berjalan: months,
    pokok_sisa: pokokSisa,
    margin_akad: marginAkad,
    margin_berjalan: marginBerjalan,
    margin_terbayar: marginTerbayar,
    margin_sisa: Math.max(0, marginBerjalan - marginTerbayar),
    margin_tidak_ditagih: marginAkad - marginBerjalan,
    // A customer who paid more margin than the time passed carries (instalments paid ahead) has
    // that excess counted against the principal: the institution keeps only the margin of the time passed.
    total_pelunasan: Math.max(0, loan.jumlah + marginBerjalan - totalPaid),
    sisa_kewajiban: loan.jumlah + marginAkad - totalPaid,
  };
}

/** A khasm as staff enter it: an amount in rupiah, or a percentage of the margin still owed. */
export type KhasmInput = { jenis: 'nominal'; nilai: number } | { jenis: 'persen'; nilai: number };

/** Why a khasm is given (fatwa 46/2005 names these two). */
export const alasanKhasm = ['tepat_waktu', 'penurunan_kemampuan'] as const;
export type AlasanKhasm = (typeof alasanKhasm)[number];
export const alasanKhasmLabels: Record<AlasanKhasm, string> = {
  tepat_waktu: 'Membayar tepat waktu',
  penurunan_kemampuan: 'Kemampuan bayar menurun',
};

export const pelunasanMessages = {
  bukanMurabahah: 'Pelunasan dipercepat hanya untuk pinjaman Murabahah dengan durasi angsuran',
  tidakBerjalan: 'Pelunasan dipercepat hanya untuk pinjaman aktif atau macet',
  sudahLunas: 'Pinjaman ini sudah dilunasi',
  tidakAdaSisa: 'Tidak ada kewajiban yang perlu dilunasi pada tanggal ini',
  tanggalMasaDepan: 'Tanggal pelunasan tidak boleh setelah hari ini',
  khasmMelebihi: (max: string) => `Potongan tidak boleh melebihi sisa margin (${max})`,
  khasmAlasan: 'Pilih alasan potongan',
  khasmTanpaMargin: 'Tidak ada sisa margin yang dapat dipotong pada tanggal ini; kosongkan potongan',
  khasmNol: (persen: string, marginSisa: string) =>
    `Potongan ${persen} dari sisa margin ${marginSisa} kurang dari Rp 1; isi potongan yang lebih besar atau kosongkan`,
  sudahDiajukan: 'Pelunasan pinjaman ini sudah diajukan dan menunggu persetujuan',
  berubah: 'Pembayaran pinjaman ini berubah sejak pelunasan diajukan; ajukan ulang pelunasan',
} as const;

/** The khasm in rupiah: the amount itself, or the percentage of the margin still owed (rounded half-up). */
export function khasmAmount(quote: Pick<SettlementQuote, 'margin_sisa'>, input: KhasmInput | null): number {
  if (!input) return 0;
  if (input.jenis === 'nominal') return input.nilai;
  return Number(divRoundHalfUp(BigInt(quote.margin_sisa) * BigInt(Math.round(input.nilai * 100)), 10_000n));
}

/** The khasm as a percentage of the margin still owed (0 when none is owed). */
export function khasmPercent(khasm: number, marginSisa: number): number {
  return marginSisa === 0 ? 0 : (khasm * 100) / marginSisa;
}

/**
 * Why this khasm cannot be given, or null: never above the margin still owed (never on principal),
 * never below zero, and never a khasm asked for (`input`) that comes to Rp 0 (no margin left to take
 * it from, or a percentage of less than a rupiah): it is refused with the reason, not stored as 0.
 */
export function khasmProblem(
  quote: Pick<SettlementQuote, 'margin_sisa'>,
  khasm: number,
  input: KhasmInput | null = null,
): string | null {
  if (!Number.isInteger(khasm) || khasm < 0) return 'Potongan harus bilangan bulat 0 atau lebih';
  if (khasm > quote.margin_sisa) return pelunasanMessages.khasmMelebihi(formatRupiah(quote.margin_sisa));
  if (input && input.nilai > 0 && khasm === 0) {
    if (quote.margin_sisa === 0) return pelunasanMessages.khasmTanpaMargin;
    return pelunasanMessages.khasmNol(formatPercent(input.nilai), formatRupiah(quote.margin_sisa));
  }
  return null;
}
