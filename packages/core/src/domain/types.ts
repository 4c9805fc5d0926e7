/** Enumerations of spec §3/§4 and the minimal shapes the domain formulas read. */

/** Customer status (spec §4): new customers are `aktif`. */
export const statusNasabah = ['aktif', 'nonaktif'] as const;
export type StatusNasabah = (typeof statusNasabah)[number];

/** Loan type: `pokok` = Murabahah (fixed instalments), `non-pokok` = Mudharabah (profit sharing). */
export const tipePinjaman = ['pokok', 'non-pokok'] as const;
export type TipePinjaman = (typeof tipePinjaman)[number];

/** Loan status values that can be stored and set in the edit form (spec §4). */
export const statusPinjaman = ['aktif', 'lunas', 'macet'] as const;
export type StatusPinjaman = (typeof statusPinjaman)[number];

/**
 * Every status a loan can have: the ones staff set, plus `pending` (proposed, awaiting approval)
 * and `ditolak` (rejected by the approver, kept with its history), which only the approval
 * workflow sets (issue 27 A), and `hapus_buku` (written off after approval: off the books and out of
 * the portfolio, still owed by the customer; issue 47). The list filter accepts each.
 */
export const statusPinjamanFilter = ['aktif', 'lunas', 'macet', 'pending', 'ditolak', 'hapus_buku'] as const;
export type StatusPinjamanFilter = (typeof statusPinjamanFilter)[number];

/** The statuses of a loan that was never disbursed (awaiting approval or rejected): no schedule runs, no payment is taken. */
export const statusBelumCair = ['pending', 'ditolak'] as const;

/** Whether a loan with this status was disbursed (not awaiting approval, not rejected). */
export const isDisbursed = (status: string) => status !== 'pending' && status !== 'ditolak';

/**
 * The statuses of a running loan (pinjaman berjalan, issue 47): disbursed and not paid off. A loan
 * declared macet still runs (it is owed; kolektibilitas 5). One count everywhere: the dashboard's
 * and the loan list's "Pinjaman Aktif", the customer's, the portfolio and its reports.
 */
export const statusBerjalan = ['aktif', 'macet'] as const;

/**
 * A loan written off (hapus buku, issue 47): disbursed and still owed, but no longer a running loan
 * of the portfolio; a payment on it is a recovery (pemulihan).
 */
export const isHapusBuku = (status: string) => status === 'hapus_buku';

/** Whether a loan with this status is running (`aktif` or `macet`). */
export const isBerjalan = (status: string) => status === 'aktif' || status === 'macet';

/** Payment kind (spec §3). */
export const jenisPembayaran = ['angsuran', 'bagi_hasil', 'pokok', 'pelunasan'] as const;
export type JenisPembayaran = (typeof jenisPembayaran)[number];

/** Notification recipient status (spec §4). */
export const statusPenerima = ['active', 'inactive'] as const;
export type StatusPenerima = (typeof statusPenerima)[number];

/** The loan fields every formula needs. */
export interface LoanTerms {
  tipe: TipePinjaman;
  /** Principal in whole rupiah. */
  jumlah: number;
  /** Margin (pokok, per month) or profit share (non-pokok, per period); 2 means 2 %. */
  persentase: number;
  /** Months; meaningful for pokok only. */
  durasi_angsuran?: number | null;
}

/** A payment as the formulas see it. */
export interface PaymentAmount {
  jenis: JenisPembayaran;
  /** Whole rupiah. */
  jumlah: number;
}
