/** Early settlement's body and answers (issue 27 B). */
import { z } from './zod';
import { alasanKhasm } from '../domain/pelunasan';
import { metodePengakuanMargin } from '../domain/margin';
import { dateField, optionalIdField, optionalTextField } from './fields';
import { messages } from '../messages';
import { persetujuanSchema } from './persetujuan';

const khasmNilai = z
  .number({ error: 'Nilai potongan harus angka' })
  .min(0, { error: 'Potongan harus bilangan bulat 0 atau lebih' });

/** `POST /api/pinjaman/{id}/pelunasan`: the day, an optional khasm with its reason, a note. */
export const pelunasanCreateSchema = z
  .object({
    tanggal: dateField('Tanggal pelunasan wajib diisi'),
    khasm: z
      .discriminatedUnion(
        'jenis',
        [
          z.object({ jenis: z.literal('nominal'), nilai: khasmNilai.int({ error: 'Potongan harus bilangan bulat rupiah' }) }),
          z.object({
            jenis: z.literal('persen'),
            nilai: khasmNilai
              .max(100, { error: 'Persentase potongan paling banyak 100' })
              .refine((v) => Math.round(v * 100) === v * 100, { error: 'Persentase potongan paling banyak dua angka desimal' }),
          }),
        ],
        { error: 'Jenis potongan harus nominal atau persen' },
      )
      .nullable()
      .default(null),
    alasan_khasm: z.enum(alasanKhasm, { error: 'Pilih alasan potongan' }).nullable().default(null),
    keterangan: optionalTextField(1000, 'Keterangan maksimal 1000 karakter'),
    /** Where the money was received (issue 48); missing or null: in cash. */
    akun_kas_id: optionalIdField(messages.pembayaran.akunKasInvalid),
  })
  .superRefine((body, ctx) => {
    if (body.khasm && body.khasm.nilai > 0 && body.alasan_khasm === null)
      ctx.addIssue({ code: 'custom', path: ['alasan_khasm'], message: 'Pilih alasan potongan' });
  });
export type PelunasanCreateInput = z.infer<typeof pelunasanCreateSchema>;

/**
 * A settlement's figures on its day (core SettlementQuote), in the quote and again in the settlement
 * recorded: the months of the akad begun, the principal and the margin of those months still owed,
 * and the margin of the months not begun, which is not collected.
 */
const settlementDayShape = {
  tanggal: z.string(),
  bulan_berjalan: z.number(),
  pokok_sisa: z.number(),
  margin_berjalan: z.number(),
  margin_sisa: z.number(),
  margin_tidak_ditagih: z.number(),
};

export const settlementQuoteSchema = z.object({
  ...settlementDayShape,
  durasi: z.number(),
  margin_akad: z.number(),
  margin_terbayar: z.number(),
  total_pelunasan: z.number(),
  sisa_kewajiban: z.number(),
});

/** A settlement recorded: the payment, the figures it was made on, and what it did not collect. */
export const pelunasanTercatatSchema = z.object({
  pembayaran_id: z.number(),
  ...settlementDayShape,
  dibayar: z.number(),
  metode: z.enum(metodePengakuanMargin),
  khasm: z.number(),
  alasan_khasm: z.enum(alasanKhasm).nullable(),
  disetujui_oleh: z.string().nullable(),
  dicatat_oleh: z.string().nullable(),
});
export type PelunasanTercatat = z.infer<typeof pelunasanTercatatSchema>;

/** `GET /api/pinjaman/{id}/pelunasan?tanggal=`: the quote on that day (null when the loan cannot be settled early) and the rules around it. */
export const pelunasanInfoSchema = z.object({
  quote: settlementQuoteSchema.nullable(),
  /** Why the loan cannot be settled early now, or null. */
  alasan: z.string().nullable(),
  metode: z.enum(metodePengakuanMargin),
  batas_diskon_persen: z.number(),
  /** A settlement with a khasm above the limit waiting for approval, or null. */
  menunggu: persetujuanSchema.nullable(),
  /** The early settlement already recorded on this loan, or null. */
  tercatat: pelunasanTercatatSchema.nullable(),
});
export type PelunasanInfo = z.infer<typeof pelunasanInfoSchema>;

/** `POST …/pelunasan` answers: settled now (the payment), or waiting for approval (the request). */
export const pelunasanResultSchema = z.object({
  status: z.enum(['lunas', 'menunggu']),
  pembayaran_id: z.number().nullable(),
  persetujuan: persetujuanSchema.nullable(),
});
