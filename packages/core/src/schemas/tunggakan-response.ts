/** What `GET /api/tunggakan` answers (issue 23): one row per loan in arrears, with its customer. */
import { z } from './zod';
import { nasabahSchema } from './nasabah-response';
import { statusPinjamanFilter, tipePinjaman } from '../domain/types';

export const tunggakanSchema = z.object({
  pinjaman_id: z.number(),
  nomor_pinjaman: z.string(),
  tipe: z.enum(tipePinjaman),
  status: z.enum(statusPinjamanFilter),
  jumlah: z.number(),
  sisa_pokok: z.number(),
  nasabah: nasabahSchema.pick({ id: true, nama: true, nik: true, telepon: true, kota: true, kecamatan: true }),
  kolektibilitas: z.number().int().min(1).max(5),
  hari_tunggakan: z.number(),
  angsuran_tertunggak: z.number(),
  tunggakan_pokok: z.number(),
  tunggakan_margin: z.number(),
  tunggakan_bagi_hasil: z.number(),
  tunggakan_total: z.number(),
  /** The oldest due date not fully paid. */
  jatuh_tempo_tertua: z.string().nullable(),
  /** The Jakarta date these figures are true for. */
  ledger_tanggal: z.string().nullable(),
});
export type Tunggakan = z.infer<typeof tunggakanSchema>;

/** What `GET /api/tunggakan/ringkasan` answers: the loans in arrears per class, and in all. */
export const tunggakanSummarySchema = z.object({
  kelas: z.array(
    z.object({
      kolektibilitas: z.number().int().min(1).max(5),
      jumlah_pinjaman: z.number(),
      tunggakan_total: z.number(),
      sisa_pokok: z.number(),
    }),
  ),
  jumlah_pinjaman: z.number(),
  tunggakan_total: z.number(),
  sisa_pokok: z.number(),
});
export type TunggakanSummary = z.infer<typeof tunggakanSummarySchema>;
