/**
 * Write-off (hapus buku, issue 47; docs/decisions/hapus-buku.md, docs/domain.md "Write-off and
 * recovery"): a financing of the lowest quality (kolektibilitas 5, Macet) is taken off the
 * institution's books, whole, after a second person approves it. The customer still owes every rupiah
 * of it (hapus buku is not hapus tagih, which waives the claim); what they pay afterwards is a
 * recovery (pemulihan). POJK 33/POJK.03/2018 (BPR) and POJK 1/2024 (asset quality of BPR and BPRS)
 * allow a write-off only of a financing of quality Macet, under the institution's written policy.
 */
import { isBerjalan } from './types';
import type { LedgerLoan, LedgerPayment } from './ledger';
import type { MetodePengakuanMargin } from './margin';
import { loanPosition, type LoanPosition } from './posisi';

/** The kolektibilitas a financing must have to be written off: 5 (Macet). */
export const KELAS_HAPUS_BUKU = 5;

export const hapusBukuMessages = {
  bukanMacet: 'Hapus buku hanya untuk pinjaman dengan kolektibilitas 5 (Macet)',
  sudah: 'Pinjaman ini sudah dihapusbukukan',
  tidakBerjalan: 'Hapus buku hanya untuk pinjaman yang masih berjalan (aktif atau macet)',
  tidakAdaSisa: 'Pinjaman ini tidak memiliki sisa kewajiban untuk dihapusbukukan',
  sudahDiajukan: 'Hapus buku pinjaman ini sudah diajukan dan menunggu persetujuan',
  berubah: 'Sisa kewajiban pinjaman ini berubah sejak hapus buku diajukan; ajukan ulang hapus buku',
  bukanPengusul: 'Hanya administrator atau manajer yang dapat mengajukan hapus buku',
  alasanWajib: 'Alasan hapus buku wajib diisi',
  alasanMax: 'Alasan paling banyak 500 karakter',
  pelunasan: 'Pinjaman yang sudah dihapusbukukan tidak dapat dilunasi dipercepat; catat pembayarannya sebagai pemulihan',
  ubahPinjaman: 'Pinjaman yang sudah dihapusbukukan tidak dapat diubah jumlah, syarat, atau statusnya',
  hapusPinjaman: 'Pinjaman yang sudah dihapusbukukan tidak dapat dihapus',
} as const;

/** Why a payment of a loan written off on `tanggal` cannot be corrected or cancelled: the write-off counted it. */
export const pembayaranTerhitungHapusBuku = (tanggal: string) =>
  `Pinjaman ini dihapusbukukan pada ${tanggal}; pembayaran sebelum hapus buku tidak dapat diubah atau dibatalkan`;

/** Why a recovery dated before the write-off cannot be recorded. */
export const pemulihanSebelumHapusBuku = (tanggal: string) =>
  `Pinjaman ini dihapusbukukan pada ${tanggal}; tanggal pembayaran pemulihan tidak boleh sebelum tanggal itu`;

/**
 * Why this loan cannot be written off now, or null when it may: it must be running (aktif or
 * macet), of kolektibilitas 5 and still owe something.
 */
export function hapusBukuRefusal(loan: { status: string; kolektibilitas: number }, sisaKewajiban: number): string | null {
  if (loan.status === 'hapus_buku') return hapusBukuMessages.sudah;
  if (!isBerjalan(loan.status)) return hapusBukuMessages.tidakBerjalan;
  if (loan.kolektibilitas < KELAS_HAPUS_BUKU) return hapusBukuMessages.bukanMacet;
  if (sisaKewajiban <= 0) return hapusBukuMessages.tidakAdaSisa;
  return null;
}

/**
 * Whether a payment (by id) is one the write-off counted: recorded before it. The payments recorded
 * after a write-off are recoveries.
 */
export const countedByHapusBuku = (loan: { hapus_buku_pembayaran_id: number | null }, paymentId: number) =>
  paymentId <= (loan.hapus_buku_pembayaran_id ?? 0);

/** What one payment after a write-off recovered of the claim (its overpayment beyond the claim is not). */
export interface Recovery {
  id: number;
  tanggal: string;
  pemulihan: number;
}

const claimPaid = (p: LoanPosition) => p.pokok_terbayar + p.margin_terbayar + p.bagi_hasil_terbayar;

/**
 * The recoveries of a loan written off: each payment recorded after the write-off (in date order),
 * with what it paid of the claim (principal, margin, profit share as the ledger splits it). Their
 * sum is the `pemulihan` of the loan's events. Empty for a loan never written off.
 */
export function recoveriesOf(
  loan: LedgerLoan & { hapus_buku_tanggal: string | null; hapus_buku_pembayaran_id: number | null },
  payments: readonly LedgerPayment[],
  today: string,
  metode: MetodePengakuanMargin,
): Recovery[] {
  if (loan.hapus_buku_tanggal === null) return [];
  const counted = payments.filter((p) => countedByHapusBuku(loan, p.id));
  const after = payments
    .filter((p) => !countedByHapusBuku(loan, p.id))
    .sort((a, b) => (a.tanggal < b.tanggal ? -1 : a.tanggal > b.tanggal ? 1 : a.id - b.id));
  const out: Recovery[] = [];
  const sofar = [...counted];
  let before = claimPaid(loanPosition(loan, sofar, today, metode));
  for (const p of after) {
    sofar.push(p);
    const now = claimPaid(loanPosition(loan, sofar, today, metode));
    out.push({ id: p.id, tanggal: p.tanggal, pemulihan: now - before });
    before = now;
  }
  return out;
}
