/**
 * The reports (issue 26 A): their queries and answers. Dates are Jakarta calendar days; "today"
 * and "this month" are the server's clock's.
 */
import { z } from './zod';
import { metodePengakuanMargin } from '../domain/margin';
import { jenisPembayaran, tipePinjaman } from '../domain/types';
import { messages } from '../messages';
import { NO_NUL, optionalDateField } from './fields';
import { exportFormats } from '../domain/list-keys';
import { portfolioPositionSchema } from './portfolio-response';

const m = messages.listQuery;

const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const formatParam = z
  .preprocess(blank, z.enum(exportFormats, { error: m.formatInvalid }).optional())
  .transform((v) => v ?? 'xlsx');

/** `YYYY-MM`: a calendar month. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
const monthParam = z.preprocess(
  blank,
  z
    .string({ error: m.bulanInvalid })
    .regex(MONTH_PATTERN, m.bulanInvalid)
    .refine((v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100, m.bulanInvalid)
    .optional(),
);
const tipeParam = z.preprocess(blank, z.enum(tipePinjaman, { error: m.tipeInvalid }).optional());

/** `GET /api/laporan/rekap-harian`: `tanggal` (default today). */
export const rekapHarianQuerySchema = z.object({ tanggal: z.preprocess(blank, optionalDateField()) });
export type RekapHarianQuery = z.infer<typeof rekapHarianQuerySchema>;
export const rekapHarianExportQuerySchema = rekapHarianQuerySchema.extend({ format: formatParam });
export type RekapHarianExportQuery = z.infer<typeof rekapHarianExportQuerySchema>;

const countSum = z.object({ jumlah_transaksi: z.number().int(), total: z.number().int() });

/** One payment of the day, with who recorded it. */
export const rekapPembayaranSchema = z.object({
  id: z.number().int(),
  dicatat_pada: z.string(),
  nomor_kwitansi: z.string().nullable(),
  nasabah: z.object({ id: z.number().int(), nama: z.string() }),
  pinjaman: z.object({ id: z.number().int(), nomor_pinjaman: z.string(), tipe: z.enum(tipePinjaman) }),
  jenis: z.enum(jenisPembayaran),
  angsuran_ke: z.number().int().nullable(),
  jumlah: z.number().int(),
  dicatat_oleh: z.string().nullable(),
});
export type RekapPembayaran = z.infer<typeof rekapPembayaranSchema>;

/** One loan granted on the day. */
export const rekapPinjamanSchema = z.object({
  id: z.number().int(),
  nomor_pinjaman: z.string(),
  nasabah: z.object({ id: z.number().int(), nama: z.string() }),
  tipe: z.enum(tipePinjaman),
  jumlah: z.number().int(),
  persentase: z.number(),
  durasi_angsuran: z.number().int().nullable(),
  dicatat_oleh: z.string().nullable(),
});
export type RekapPinjaman = z.infer<typeof rekapPinjamanSchema>;

/**
 * The counter's end of day: the living payments dated that day, in all, per kind and per staff
 * member who recorded them, each payment; the loans granted that day (not pending).
 */
export const rekapHarianSchema = z.object({
  tanggal: z.string(),
  pembayaran: countSum,
  per_jenis: z.array(countSum.extend({ jenis: z.enum(jenisPembayaran) })),
  per_petugas: z.array(countSum.extend({ user_id: z.number().int().nullable(), nama: z.string() })),
  rincian_pembayaran: z.array(rekapPembayaranSchema),
  pinjaman_baru: z.object({ jumlah: z.number().int(), total: z.number().int() }),
  rincian_pinjaman_baru: z.array(rekapPinjamanSchema),
});
export type RekapHarian = z.infer<typeof rekapHarianSchema>;

/** `GET /api/laporan/pencairan`: the 12 months up to `sampai` (`YYYY-MM`, default this month); `tipe`. */
export const pencairanQuerySchema = z.object({ sampai: monthParam, tipe: tipeParam });
export type PencairanQuery = z.infer<typeof pencairanQuerySchema>;
export const pencairanExportQuerySchema = pencairanQuerySchema.extend({ format: formatParam });
export type PencairanExportQuery = z.infer<typeof pencairanExportQuerySchema>;

const loanCountSum = z.object({ jumlah: z.number().int(), total: z.number().int() });

/** Loans granted per month (by `tanggal_pinjam`; living, not pending), per type and in all. */
export const pencairanSchema = z.object({
  sampai: z.string(),
  tipe: z.enum(tipePinjaman).nullable(),
  bulan: z.array(
    z.object({
      bulan: z.string(),
      pokok: loanCountSum,
      non_pokok: loanCountSum,
      semua: loanCountSum,
    }),
  ),
  total: z.object({ pokok: loanCountSum, non_pokok: loanCountSum, semua: loanCountSum }),
});
export type Pencairan = z.infer<typeof pencairanSchema>;

/** `GET /api/laporan/kolektibilitas`: `bulan` (`YYYY-MM`, default this month: today's position). */
export const kolektibilitasLaporanQuerySchema = z.object({ bulan: monthParam });
export type KolektibilitasLaporanQuery = z.infer<typeof kolektibilitasLaporanQuerySchema>;
export const kolektibilitasLaporanExportQuerySchema = kolektibilitasLaporanQuerySchema.extend({ format: formatParam });
export type KolektibilitasLaporanExportQuery = z.infer<typeof kolektibilitasLaporanExportQuerySchema>;

/**
 * The portfolio's classes and NPF at a month's end, from the snapshot of that day (the daily job's
 * close, or the back-fill of issue 23); for this month, today's position. `posisi` is null when no
 * snapshot of that month-end exists; `bulan_tersedia` lists the month-ends that have one.
 */
export const kolektibilitasLaporanSchema = z.object({
  bulan: z.string(),
  sumber: z.enum(['hari_ini', 'akhir_bulan']),
  posisi: portfolioPositionSchema.nullable(),
  bulan_tersedia: z.array(z.string()),
});
export type KolektibilitasLaporan = z.infer<typeof kolektibilitasLaporanSchema>;

/** `GET /api/laporan/penagihan`: `bulan` (`YYYY-MM`, default this month), `tipe`, `kota`, `kecamatan`. */
const placeParam = z.preprocess(
  blank,
  z.string({ error: m.wilayahMax }).trim().max(100, m.wilayahMax).regex(NO_NUL, messages.common.textNulChar).optional(),
);
export const penagihanQuerySchema = z.object({ bulan: monthParam, tipe: tipeParam, kota: placeParam, kecamatan: placeParam });
export type PenagihanQuery = z.infer<typeof penagihanQuerySchema>;
export const penagihanExportQuerySchema = penagihanQuerySchema.extend({ format: formatParam });
export type PenagihanExportQuery = z.infer<typeof penagihanExportQuerySchema>;

const collection = z.object({
  /** Loans that had an instalment due or a payment in the month (core `loanCollectionInMonth`). */
  jumlah_pinjaman: z.number().int(),
  /** What was to be collected: the instalments due in the month, less what was paid of them before it. */
  target: z.number().int(),
  /** What the month's payments paid of the instalments due by its last day counted (this month's and arrears). */
  realisasi: z.number().int(),
  /**
   * The rest of the month's payments: instalments paid ahead, the part of an early settlement beyond
   * what was due, overpayment. realisasi + di_muka = the payments dated in the month.
   */
  di_muka: z.number().int(),
  /** realisasi / target in percent; null when nothing was due. */
  persentase: z.number().nullable(),
});

/** A loan that had an instalment due in the month and paid nothing in it. */
export const penagihanNihilSchema = z.object({
  pinjaman_id: z.number().int(),
  nomor_pinjaman: z.string(),
  tipe: z.enum(tipePinjaman),
  nasabah: z.object({ id: z.number().int(), nama: z.string(), telepon: z.string().nullable() }),
  kota: z.string().nullable(),
  kecamatan: z.string().nullable(),
  target: z.number().int(),
  kolektibilitas: z.number().int().min(1).max(5),
});
export type PenagihanNihil = z.infer<typeof penagihanNihilSchema>;

/**
 * Penagihan Bulanan: the month's target (instalments due) against its realisasi (what its payments
 * paid of the instalments due by then), with the rest of its payments apart (di muka: paid ahead,
 * early settlements), in all and per kota/kecamatan of the customer; the loans with something due
 * and no payment in the month.
 */
export const penagihanSchema = z.object({
  bulan: z.string(),
  /** The last day counted: the month's end, or today while the month runs. */
  sampai: z.string(),
  total: collection,
  per_wilayah: z.array(collection.extend({ kota: z.string().nullable(), kecamatan: z.string().nullable() })),
  tanpa_pembayaran: z.array(penagihanNihilSchema),
});
export type Penagihan = z.infer<typeof penagihanSchema>;

/** `GET /api/laporan/pendapatan`: the 12 months up to `sampai` (`YYYY-MM`, default this month). */
export const pendapatanQuerySchema = z.object({ sampai: monthParam });
export type PendapatanQuery = z.infer<typeof pendapatanQuerySchema>;
export const pendapatanExportQuerySchema = pendapatanQuerySchema.extend({ format: formatParam });
export type PendapatanExportQuery = z.infer<typeof pendapatanExportQuerySchema>;

const incomeSums = z.object({
  /** Margin the month's Murabahah payments covered (margin first within an instalment). */
  margin_diterima: z.number().int(),
  /** Margin recognised as income in the month, by the institution's method. */
  margin_diakui: z.number().int(),
  /** Margin settlements in the month did not collect (never income). */
  margin_dibebaskan: z.number().int(),
  /** Profit share (Mudharabah) received in the month, recognised when received. */
  bagi_hasil: z.number().int(),
  /**
   * Recovered in the month of loans written off (hapus buku, issue 47): what the payments after the
   * write-off paid of the claim; income of its own, never margin or profit share.
   */
  pemulihan: z.number().int(),
  /** margin_diakui + bagi_hasil + pemulihan. */
  pendapatan_diakui: z.number().int(),
});

/**
 * Laporan Pendapatan: margin and profit share per month, received and recognised, and the margin
 * deferred (margin murabahah ditangguhkan) at each month's end, or today for a running month.
 */
export const pendapatanSchema = z.object({
  sampai: z.string(),
  metode: z.enum(metodePengakuanMargin),
  bulan: z.array(incomeSums.extend({ bulan: z.string(), margin_ditangguhkan: z.number().int() })),
  total: incomeSums,
});
export type Pendapatan = z.infer<typeof pendapatanSchema>;
