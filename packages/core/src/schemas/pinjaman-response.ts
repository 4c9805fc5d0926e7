/**
 * What the loan endpoints answer (spec §3 Pinjaman, Pinjaman info, Statistics). The API declares
 * these as response schemas (undeclared fields are dropped); the web app reads the inferred types.
 */
import { z } from './zod';
import { recordTimesShape } from './record-times';
import { statusPinjamanFilter, tipePinjaman } from '../domain/types';

/** The customer nested in a loan. */
export const pinjamanNasabahSchema = z.object({ id: z.number(), nama: z.string(), nik: z.string().nullable() });

/** One loan as `GET /api/pinjaman` and `GET /api/pinjaman/{id}` return it. */
export const pinjamanSchema = z.object({
  id: z.number(),
  nasabah_id: z.number(),
  nasabah: pinjamanNasabahSchema,
  nomor_pinjaman: z.string(),
  urutan_pinjaman: z.number(),
  tanggal_pinjam: z.string(),
  jumlah: z.number(),
  persentase: z.number(),
  tipe: z.enum(tipePinjaman),
  jaminan: z.string().nullable(),
  keterangan: z.string().nullable(),
  durasi_angsuran: z.number().nullable(),
  status: z.enum(statusPinjamanFilter),
  /** Principal not yet repaid (core loanPosition; docs/glossary.md "Money figures"). */
  sisa_pokok: z.number(),
  /** The akad's margin not yet paid (Murabahah; 0 once settled). */
  sisa_margin: z.number(),
  /** What the customer still owes: sisa_pokok + sisa_margin + profit share in arrears. */
  sisa_kewajiban: z.number(),
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
  kolektibilitas: z.number().int().min(1).max(5).nullable(),
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
  kolektibilitas: z.number().int().min(1).max(5),
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
    tunggakan_pokok: z.number(),
    tunggakan_margin: z.number(),
    tunggakan_bagi_hasil: z.number(),
    tunggakan_total: z.number(),
    angsuran_tertunggak: z.number(),
    hari_tunggakan: z.number(),
    jatuh_tempo_tertua: z.string().nullable(),
    jatuh_tempo_berikutnya: z.string().nullable(),
    jumlah_berikutnya: z.number().nullable(),
  }),
  /** The loan's position today (core loanPosition, issue 47): the one source of its money figures. */
  posisi: z.object({
    total_kewajiban: z.number(),
    margin_akad: z.number(),
    pokok_terbayar: z.number(),
    margin_terbayar: z.number(),
    bagi_hasil_terbayar: z.number(),
    margin_tidak_ditagih: z.number(),
    pokok_tidak_tertagih: z.number(),
    sisa_pokok: z.number(),
    sisa_margin: z.number(),
    bagi_hasil_tertunggak: z.number(),
    sisa_kewajiban: z.number(),
    lebih_bayar: z.number(),
    angsuran_lunas: z.number().nullable(),
    sisa_angsuran: z.number().nullable(),
    progres_persen: z.number(),
    dilunasi: z.boolean(),
  }),
});
export type Jadwal = z.infer<typeof jadwalSchema>;

/** `GET /api/pinjaman/info/{nasabahId}` (decisions §3). */
export const pinjamanInfoSchema = z.object({
  nomor_pinjaman: z.string(),
  urutan_pinjaman: z.number(),
  is_new_nasabah: z.boolean(),
});
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
