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

/** Loan status values accepted by the list filter: the stored ones plus the `pending` label. */
export const statusPinjamanFilter = ['aktif', 'lunas', 'macet', 'pending'] as const;
export type StatusPinjamanFilter = (typeof statusPinjamanFilter)[number];

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
