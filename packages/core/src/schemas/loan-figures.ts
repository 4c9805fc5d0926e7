/**
 * Groups of a loan's fields that several answers carry, defined once: its akad's terms, its
 * collectibility class, its position (core loanPosition) and its arrears (core loanLedger's summary).
 */
import { z } from './zod';
import { tipePinjaman } from '../domain/types';

/** The akad's terms (core LoanTerms) and the day the loan was granted. */
export const loanTermsShape = {
  tanggal_pinjam: z.string(),
  tipe: z.enum(tipePinjaman),
  jumlah: z.number(),
  persentase: z.number(),
  durasi_angsuran: z.number().nullable(),
};

/** A collectibility class (kolektibilitas): 1 Lancar to 5 Macet. */
export const kolektibilitasField = z.number().int().min(1).max(5);

/** The loan's position on a day (core LoanPosition, issue 47): the one source of its money figures. */
export const loanPositionSchema = z.object({
  total_kewajiban: z.number(),
  /** The margin fixed in the akad (Murabahah); 0 for a Mudharabah. */
  margin_akad: z.number(),
  pokok_terbayar: z.number(),
  margin_terbayar: z.number(),
  bagi_hasil_terbayar: z.number(),
  margin_tidak_ditagih: z.number(),
  pokok_tidak_tertagih: z.number(),
  /** Principal not yet repaid (docs/glossary.md "Money figures"). */
  sisa_pokok: z.number(),
  /** The akad's margin not yet paid (Murabahah; 0 once settled). */
  sisa_margin: z.number(),
  /** A Mudharabah's profit share due and not paid; 0 for a Murabahah. */
  bagi_hasil_tertunggak: z.number(),
  /** What the customer still owes: sisa_pokok + sisa_margin + profit share in arrears. */
  sisa_kewajiban: z.number(),
  lebih_bayar: z.number(),
  angsuran_lunas: z.number().nullable(),
  sisa_angsuran: z.number().nullable(),
  progres_persen: z.number(),
  dilunasi: z.boolean(),
});

/** The loan's arrears on a day (core LedgerSummary): the instalments past due and unpaid, and since when. */
export const arrearsShape = {
  tunggakan_pokok: z.number(),
  tunggakan_margin: z.number(),
  tunggakan_bagi_hasil: z.number(),
  tunggakan_total: z.number(),
  angsuran_tertunggak: z.number(),
  hari_tunggakan: z.number(),
  /** The oldest due date not fully paid. */
  jatuh_tempo_tertua: z.string().nullable(),
};
