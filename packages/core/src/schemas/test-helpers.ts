/** Test-only helpers (not exported from the package). */
import type { z } from 'zod';

/** Every message the schema reports, grouped by dotted field path; {} when the input is valid. */
export function issuesByField(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}

/** A customer as the form sends it with every field filled in (spec §5 Nasabah). */
export const completeNasabahForm = {
  nama: 'Budi Santoso',
  nik: '3201234567890001',
  telepon: '0812-3456-7890',
  alamat: 'Jl. Merdeka No. 1',
  kecamatan: 'Cibinong',
  kota: 'Bogor',
  tanggal_nasabah: '2024-01-31',
};
