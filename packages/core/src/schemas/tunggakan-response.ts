/** What `GET /api/tunggakan` answers (issue 23): one row per loan in arrears, with its customer. */
import { z } from './zod';
import { arrearsShape, kolektibilitasField } from './loan-figures';
import { nasabahSchema } from './nasabah-response';
import { pinjamanSchema } from './pinjaman-response';

export const tunggakanSchema = pinjamanSchema
  .pick({ nomor_pinjaman: true, tipe: true, status: true, jumlah: true, sisa_pokok: true })
  .extend({
    pinjaman_id: z.number(),
    nasabah: nasabahSchema.pick({ id: true, nama: true, nik: true, telepon: true, kota: true, kecamatan: true }),
    kolektibilitas: kolektibilitasField,
    ...arrearsShape,
    /** The Jakarta date these figures are true for. */
    ledger_tanggal: z.string().nullable(),
  });
export type Tunggakan = z.infer<typeof tunggakanSchema>;

/** What loans in arrears add up to: how many, their arrears and the principal they still owe. */
const arrearsTotals = z.object({
  jumlah_pinjaman: z.number(),
  tunggakan_total: z.number(),
  sisa_pokok: z.number(),
});

/** What `GET /api/tunggakan/ringkasan` answers: the loans in arrears per class, and in all. */
export const tunggakanSummarySchema = arrearsTotals.extend({
  kelas: z.array(arrearsTotals.extend({ kolektibilitas: kolektibilitasField })),
});
export type TunggakanSummary = z.infer<typeof tunggakanSummarySchema>;
