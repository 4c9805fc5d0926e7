/**
 * What the loan endpoints answer (spec §3 Pinjaman, Pinjaman info, Statistics). The API declares
 * these as response schemas (undeclared fields are dropped); the web app reads the inferred types.
 */
import { z } from './zod';
import { recordTimesShape } from './record-times';
import { arrearsShape, kolektibilitasField, loanPositionSchema, loanTermsShape } from './loan-figures';
import { nasabahSchema } from './nasabah-response';
import { statusPinjamanFilter } from '../domain/types';

/** The customer nested in a loan. */
export const pinjamanNasabahSchema = nasabahSchema.pick({ id: true, nama: true, nik: true });

/** One loan as `GET /api/pinjaman` and `GET /api/pinjaman/{id}` return it. */
export const pinjamanSchema = z.object({
  id: z.number(),
  nasabah_id: z.number(),
  nasabah: pinjamanNasabahSchema,
  nomor_pinjaman: z.string(),
  urutan_pinjaman: z.number(),
  ...loanTermsShape,
  jaminan: z.string().nullable(),
  keterangan: z.string().nullable(),
  /** Where it was disbursed from (issue 48): a cash or bank account; null: in cash. */
  akun_kas_id: z.number().nullable(),
  status: z.enum(statusPinjamanFilter),
  /** What is still owed, from the loan's position (core loanPosition). */
  ...loanPositionSchema.pick({ sisa_pokok: true, sisa_margin: true, sisa_kewajiban: true }).shape,
  total_pembayaran: z.number(),
  /** Monthly instalment (pokok with durasi), computed by the server; null otherwise. */
  angsuran_per_bulan: z.number().nullable(),
  /** Stored receipt file name, or null when none is attached. */
  kwitansi: z.string().nullable(),
  /** Short-lived signed link to the receipt (usable in `<img src>` and for download), or null. */
  kwitansi_url: z.string().nullable(),
  /** Came from an import of the old system's data (issue 26 C), not from the form. */
  diimpor: z.boolean(),
  /** Ta'zir agreed in the akad (issue 27 C): per instalment paid later than the grace; null when none. */
  tazir: z.object({ jumlah: z.number(), tenggang_hari: z.number() }).nullable(),
  /** Rescheduled (issue 27 D): its schedule is no longer the akad's; `angsuran_per_bulan` is the new one. */
  dijadwalkan_ulang: z.boolean(),
  /** Written off (hapus buku, issue 47) on this day; null when never. The customer still owes `sisa_kewajiban`. */
  hapus_buku_tanggal: z.string().nullable(),
  /** Missing fields, then server-generated ones (see pinjamanDataCompleteness). */
  data_completeness: z.array(z.string()),
  /**
   * The ledger summary (issue 23) on `ledger_tanggal`: class 1–5, days past due, amount in
   * arrears. All three null until the loan's ledger was first computed (old data before the
   * daily job's first run).
   */
  kolektibilitas: kolektibilitasField.nullable(),
  hari_tunggakan: z.number().nullable(),
  tunggakan_total: z.number().nullable(),
  ledger_tanggal: z.string().nullable(),
  ...recordTimesShape,
});
export type Pinjaman = z.infer<typeof pinjamanSchema>;

const instalmentStates = ['lunas', 'sebagian', 'belum', 'terlambat'] as const;

/** `GET /api/pinjaman/{id}/jadwal`: the ledger of one loan on today's Jakarta date (core loanLedger). */
export const jadwalSchema = z.object({
  tanggal: z.string(),
  kolektibilitas: kolektibilitasField,
  angsuran: z.array(
    z.object({
      angsuran_ke: z.number(),
      jatuh_tempo: z.string(),
      jumlah: z.number(),
      pokok: z.number(),
      margin: z.number(),
      bagi_hasil: z.number(),
      terbayar: z.number(),
      tidak_ditagih: z.number(),
      sisa: z.number(),
      status: z.enum(instalmentStates),
      hari_terlambat: z.number(),
    }),
  ),
  ringkasan: z.object({
    ...arrearsShape,
    /** The first instalment not fully paid that is due today or later, and what is still owed of it. */
    jatuh_tempo_berikutnya: z.string().nullable(),
    jumlah_berikutnya: z.number().nullable(),
  }),
  /** The loan's position today (core loanPosition, issue 47): the one source of its money figures. */
  posisi: loanPositionSchema,
});
export type Jadwal = z.infer<typeof jadwalSchema>;

/** `GET /api/pinjaman/info/{nasabahId}` (decisions §3): the number and order the customer's next loan takes. */
export const pinjamanInfoSchema = pinjamanSchema
  .pick({ nomor_pinjaman: true, urutan_pinjaman: true })
  .extend({ is_new_nasabah: z.boolean() });
export type PinjamanInfo = z.infer<typeof pinjamanInfoSchema>;

/**
 * `GET /api/pinjaman/stats` over living loans: `pinjaman_aktif` = number of running loans (status
 * aktif or macet: core `statusBerjalan`, the dashboard's count), `total_nilai_pinjaman` = Σ their
 * jumlah, then the count per status (`aktif` + `macet` = `pinjaman_aktif`).
 */
export const pinjamanStatsSchema = z.object({
  pinjaman_aktif: z.number(),
  total_nilai_pinjaman: z.number(),
  total: z.number(),
  aktif: z.number(),
  lunas: z.number(),
  macet: z.number(),
  pending: z.number(),
});
export type PinjamanStats = z.infer<typeof pinjamanStatsSchema>;
