/** What `GET /api/dashboard/portfolio` answers (issue 23): the portfolio now and at month-ends. */
import { z } from './zod';

const kelas = z.number().int().min(1).max(5);

/** The portfolio at one date: the dashboard's counts, the figures of core `figuresOfTotals`, collections. */
export const portfolioPositionSchema = z.object({
  tanggal: z.string(),
  jumlah_nasabah: z.number(),
  /**
   * The running loans (aktif and macet: core `statusBerjalan`) and Σ their jumlah (the dashboard's
   * "Pinjaman Aktif", "Total Nilai Pinjaman"); `pinjaman_aktif` = `jumlah_pinjaman`. The value is
   * null in a month-end row stored before issue 47, which left macet loans out of it.
   */
  pinjaman_aktif: z.number(),
  nilai_pinjaman_aktif: z.number().nullable(),
  /** Outstanding principal of the running loans (aktif and macet). */
  outstanding: z.number(),
  jumlah_pinjaman: z.number(),
  per_kelas: z.array(z.object({ kelas, jumlah_pinjaman: z.number(), outstanding: z.number(), ppap: z.number() })),
  outstanding_bermasalah: z.number(),
  outstanding_par30: z.number(),
  ppap_total: z.number(),
  /** In percent, two decimals; null for an empty portfolio. */
  npf_gross: z.number().nullable(),
  npf_net: z.number().nullable(),
  par30: z.number().nullable(),
  /** Payments dated that day, and from the first of its month to it. */
  penagihan_hari: z.number(),
  penagihan_bulan: z.number(),
});
export type PortfolioPosition = z.infer<typeof portfolioPositionSchema>;

export const portfolioOverviewSchema = z.object({
  sekarang: portfolioPositionSchema,
  /** The close of last month's last day; null until a snapshot of it exists. */
  akhir_bulan_lalu: portfolioPositionSchema.nullable(),
  /** The last 12 month-ends that have a snapshot, oldest first. */
  riwayat: z.array(portfolioPositionSchema),
});
export type PortfolioOverview = z.infer<typeof portfolioOverviewSchema>;
