/**
 * Late sanctions to the social fund (ta'zir, issue 27 C): which instalments were paid late beyond
 * the grace the akad agreed, and the Dana Kebajikan's balance. A ta'zir is never part of the
 * financing: the ledger, balances, income and NPF never read it. Rules and sources:
 * docs/domain.md ("Ta'zir, ta'widh and the Dana Kebajikan").
 */
import { addDays, daysBetween } from './calendar';
import { murabahahAllocation, type LedgerLoan, type LedgerPayment } from './ledger';

/** An instalment completed after its due date plus the grace: a ta'zir may be proposed for it. */
export interface TazirCandidate {
  angsuran_ke: number;
  jatuh_tempo: string;
  /** The day the payment that completed it was made. */
  tanggal_lunas: string;
  hari_terlambat: number;
}

/**
 * The Murabahah instalments (the ledger's allocation of the payments, in date order) that were
 * completed later than `tenggangHari` days after their due date. Instalments not yet completed
 * have nothing to propose (the sanction is proposed when the late instalment is paid).
 */
export function tazirCandidates(loan: LedgerLoan, payments: readonly LedgerPayment[], tenggangHari: number): TazirCandidate[] {
  if (loan.tipe !== 'pokok') return [];
  const { dues, steps } = murabahahAllocation(loan, payments);
  const paid = dues.map(() => 0);
  const candidates: TazirCandidate[] = [];
  for (const { payment, parts } of steps) {
    for (const [i, amount] of parts) {
      const due = dues[i]!;
      const before = paid[i]!;
      paid[i] = before + amount;
      const completed = before < due.pokok + due.margin && paid[i]! >= due.pokok + due.margin;
      if (completed && payment.tanggal > addDays(due.jatuh_tempo, tenggangHari))
        candidates.push({
          angsuran_ke: i + 1,
          jatuh_tempo: due.jatuh_tempo,
          tanggal_lunas: payment.tanggal,
          hari_terlambat: daysBetween(due.jatuh_tempo, payment.tanggal),
        });
    }
  }
  return candidates.sort((a, b) => a.angsuran_ke - b.angsuran_ke);
}

export const statusTazir = ['diusulkan', 'ditagih', 'diterima', 'dibebaskan'] as const;
export type StatusTazir = (typeof statusTazir)[number];
export const statusTazirLabels: Record<StatusTazir, string> = {
  diusulkan: 'Diusulkan',
  ditagih: 'Ditagih',
  diterima: 'Diterima',
  dibebaskan: 'Dibebaskan',
};

/** The Dana Kebajikan's balance: collected ta'zir in, disbursements out. */
export function saldoDanaKebajikan(entries: readonly { arah: 'masuk' | 'keluar'; jumlah: number }[]): number {
  return entries.reduce((sum, e) => sum + (e.arah === 'masuk' ? e.jumlah : -e.jumlah), 0);
}

export const tazirMessages = {
  bukanUsulan: 'Ta’zir ini sudah diputuskan sebelumnya',
  belumDitagih: 'Hanya ta’zir yang sudah ditetapkan yang dapat diterima',
  alasanWajib: 'Alasan pembebasan wajib diisi',
  catatanWajib: 'Tuliskan dasar penetapan: nasabah mampu membayar tetapi menunda',
  saldoKurang: (saldo: string) => `Saldo Dana Kebajikan tidak cukup (saldo ${saldo})`,
  tujuanWajib: 'Tujuan penyaluran wajib diisi',
  penerimaWajib: 'Penerima wajib diisi',
  buktiWajib: 'Bukti biaya (foto atau PDF kwitansi) wajib diunggah',
  uraianWajib: 'Uraian biaya riil wajib diisi',
  hanyaAdmin: 'Hanya administrator yang dapat menyalurkan Dana Kebajikan',
} as const;
