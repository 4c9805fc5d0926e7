/**
 * `data_completeness` of a customer (decisions §3): the names of required fields that are empty
 * (records imported from the old system) followed by the names of fields the server generated
 * itself. Names are the API field names, so a client can tell the two kinds apart: a name of
 * {@link nasabahRequiredFields} means "missing", any other name means "generated".
 */
import { fieldsNamedIn, type DataCompleteness } from './data-completeness';

/** Fields every customer must have (spec §5), in form order. */
export const nasabahRequiredFields = ['nama', 'nik', 'telepon', 'alamat', 'kecamatan', 'kota'] as const;
export type NasabahRequiredField = (typeof nasabahRequiredFields)[number];

/** Fields the server may fill in itself: tanggal_nasabah = today (Jakarta) when none was given. */
export const nasabahGeneratedFields = ['tanggal_nasabah'] as const;
export type NasabahGeneratedField = (typeof nasabahGeneratedFields)[number];

/** Indonesian labels of the customer fields, for warnings such as "Data belum lengkap: NIK, Alamat". */
export const nasabahFieldLabels: Record<NasabahRequiredField | NasabahGeneratedField, string> = {
  nama: 'Nama',
  nik: 'NIK',
  telepon: 'Telepon',
  alamat: 'Alamat',
  kecamatan: 'Kecamatan',
  kota: 'Kota',
  tanggal_nasabah: 'Tanggal Nasabah',
};

type NasabahLike = Partial<Record<NasabahRequiredField, string | null | undefined>>;

/**
 * The `data_completeness` list: empty required fields (null, undefined or blank), then the
 * generated ones named in `generated`.
 */
export function nasabahDataCompleteness(nasabah: NasabahLike, generated: readonly NasabahGeneratedField[] = []): string[] {
  const missing = nasabahRequiredFields.filter((field) => (nasabah[field] ?? '').trim() === '');
  return [...missing, ...fieldsNamedIn(nasabahGeneratedFields, generated)];
}

/** The missing required fields named in a `data_completeness` list (generated ones left out). */
export function nasabahMissingFields(dataCompleteness: DataCompleteness): NasabahRequiredField[] {
  return fieldsNamedIn(nasabahRequiredFields, dataCompleteness);
}

/** The server-generated fields named in a `data_completeness` list. */
export function nasabahGeneratedFieldsOf(dataCompleteness: DataCompleteness): NasabahGeneratedField[] {
  return fieldsNamedIn(nasabahGeneratedFields, dataCompleteness);
}

/** Whether a customer lacks required data ('Data Tidak Lengkap'); generated fields alone do not count. */
export function isNasabahIncomplete(dataCompleteness: DataCompleteness): boolean {
  return nasabahMissingFields(dataCompleteness).length > 0;
}
