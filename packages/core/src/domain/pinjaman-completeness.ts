/**
 * `data_completeness` of a loan (decisions §3): the names of fields a complete loan should have
 * but this one lacks (records imported from the old system, a receipt not attached yet), followed
 * by the names of fields the server filled in itself. A name of {@link pinjamanCheckedFields} means
 * "missing"; a name of {@link pinjamanGeneratedFields} means "generated".
 */
import { isValidDurasi } from './murabahah';
import { fieldsNamedIn, type DataCompleteness } from './data-completeness';

/** Fields a complete loan has: a durasi for pokok, and the signed receipt (the add form marks it required). */
export const pinjamanCheckedFields = ['durasi_angsuran', 'kwitansi'] as const;
export type PinjamanCheckedField = (typeof pinjamanCheckedFields)[number];

/** Fields the server may fill in itself: urutan_pinjaman = the customer's next number when none was sent. */
export const pinjamanGeneratedFields = ['urutan_pinjaman'] as const;
export type PinjamanGeneratedField = (typeof pinjamanGeneratedFields)[number];

/** Indonesian labels of those fields, for the loan detail's completeness list. */
export const pinjamanFieldLabels: Record<PinjamanCheckedField | PinjamanGeneratedField, string> = {
  durasi_angsuran: 'Durasi angsuran',
  kwitansi: 'Foto kwitansi',
  urutan_pinjaman: 'Urutan pinjaman',
};

/** The `data_completeness` list of a loan: missing fields first, then the generated ones. */
export function pinjamanDataCompleteness(
  loan: { tipe: string; durasi_angsuran?: number | null; kwitansi?: string | null },
  generated: readonly PinjamanGeneratedField[] = [],
): string[] {
  const missing: string[] = [];
  if (loan.tipe === 'pokok' && !isValidDurasi(loan.durasi_angsuran)) missing.push('durasi_angsuran');
  if (!loan.kwitansi) missing.push('kwitansi');
  return [...missing, ...fieldsNamedIn(pinjamanGeneratedFields, generated)];
}

/** The missing fields named in a loan's `data_completeness` list (generated ones left out). */
export function pinjamanMissingFields(dataCompleteness: DataCompleteness): PinjamanCheckedField[] {
  return fieldsNamedIn(pinjamanCheckedFields, dataCompleteness);
}

/** The server-generated fields named in a loan's `data_completeness` list. */
export function pinjamanGeneratedFieldsOf(dataCompleteness: DataCompleteness): PinjamanGeneratedField[] {
  return fieldsNamedIn(pinjamanGeneratedFields, dataCompleteness);
}
