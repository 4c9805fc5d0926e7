/**
 * Customer (nasabah) schemas: the add/edit form and `POST`/`PUT /api/nasabah` bodies (spec §5).
 * Maximum lengths match the database columns (see docs/domain.md).
 */
import { z } from './zod';
import { statusNasabah } from '../domain/types';
import { customerPhoneError } from '../format/phone';
import { nikError, normalizeNik } from '../format/nik';
import { messages } from '../messages';
import { enumField, optionalDateField, textField } from './fields';

const m = messages.nasabah;

/** Maximum lengths of the customer text fields. */
export const nasabahMaxLength = {
  nama: 150,
  nik: 16,
  telepon: 30,
  alamat: 500,
  kecamatan: 100,
  kota: 100,
} as const;

const nikField = z
  .string({ error: m.nikRequired })
  .transform(normalizeNik)
  .check((ctx) => {
    const error = nikError(ctx.value);
    if (error) ctx.issues.push({ code: 'custom', message: error, input: ctx.value });
  });

const teleponField = z
  .string({ error: m.teleponRequired })
  .trim()
  .check((ctx) => {
    const error = customerPhoneError(ctx.value);
    if (error) ctx.issues.push({ code: 'custom', message: error, input: ctx.value });
  });

const nasabahFields = {
  nama: textField(m.namaRequired, nasabahMaxLength.nama, m.namaMax),
  nik: nikField,
  telepon: teleponField,
  alamat: textField(m.alamatRequired, nasabahMaxLength.alamat, m.alamatMax),
  kecamatan: textField(m.kecamatanRequired, nasabahMaxLength.kecamatan, m.kecamatanMax),
  kota: textField(m.kotaRequired, nasabahMaxLength.kota, m.kotaMax),
  /** Optional; null when empty (the server then stores today's Jakarta date on create). */
  tanggal_nasabah: optionalDateField(),
};

/** Add form and `POST /api/nasabah` body; status defaults to `aktif`. */
export const nasabahCreateSchema = z.object({
  ...nasabahFields,
  status: enumField(statusNasabah, m.statusInvalid).default('aktif'),
  /** WhatsApp reminders of the instalments (issue 24): yes unless the customer declined. */
  terima_pengingat: z.boolean({ error: m.terimaPengingatInvalid }).default(true),
});
export type NasabahCreateInput = z.infer<typeof nasabahCreateSchema>;
export type NasabahCreateFormValues = z.input<typeof nasabahCreateSchema>;

/** Edit form and `PUT /api/nasabah/{id}` body: the same fields, status required. */
export const nasabahUpdateSchema = z.object({
  ...nasabahFields,
  status: enumField(statusNasabah, m.statusInvalid),
  /** Absent: the stored choice stays. */
  terima_pengingat: z.boolean({ error: m.terimaPengingatInvalid }).optional(),
});
export type NasabahUpdateInput = z.infer<typeof nasabahUpdateSchema>;
export type NasabahUpdateFormValues = z.input<typeof nasabahUpdateSchema>;
