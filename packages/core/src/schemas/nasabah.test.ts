import { describe, expect, it } from 'vitest';
import { nasabahCreateSchema, nasabahUpdateSchema } from './nasabah';
import { completeNasabahForm, issuesByField } from './test-helpers';

const valid = completeNasabahForm;

describe('nasabahCreateSchema (spec §5 Nasabah)', () => {
  it('accepts a complete customer, trims texts and defaults status to aktif', () => {
    expect(nasabahCreateSchema.parse({ ...valid, nama: '  Budi Santoso ', nik: '3201 2345 6789 0001' })).toEqual({
      ...valid,
      status: 'aktif',
      terima_pengingat: true,
    });
  });

  it('treats an empty or missing tanggal_nasabah as null', () => {
    expect(nasabahCreateSchema.parse({ ...valid, tanggal_nasabah: '' }).tanggal_nasabah).toBeNull();
    expect(nasabahCreateSchema.parse({ ...valid, tanggal_nasabah: undefined }).tanggal_nasabah).toBeNull();
    expect(nasabahCreateSchema.parse({ ...valid, tanggal_nasabah: null }).tanggal_nasabah).toBeNull();
  });

  const emptyFormIssues = {
    nama: ['Nama tidak boleh kosong'],
    nik: ['NIK tidak boleh kosong'],
    telepon: ['Nomor telepon tidak boleh kosong'],
    alamat: ['Alamat tidak boleh kosong'],
    kecamatan: ['Kecamatan tidak boleh kosong'],
    kota: ['Kota tidak boleh kosong'],
  };

  it('gives every spec message for an empty form, one per field', () => {
    expect(issuesByField(nasabahCreateSchema, { nama: '', nik: '', telepon: '', alamat: '', kecamatan: '', kota: '' })).toEqual(
      emptyFormIssues,
    );
    expect(issuesByField(nasabahCreateSchema, {})).toEqual(emptyFormIssues);
  });

  it.each([
    ['nama', '   ', 'Nama tidak boleh kosong'],
    ['nama', 'a'.repeat(151), 'Nama maksimal 150 karakter'],
    ['nik', '320123456789', 'NIK harus minimal 16 digit'],
    ['nik', '32012345678900012', 'NIK maksimal 16 digit'],
    ['nik', '320123456789000X', 'NIK hanya boleh berisi angka'],
    ['telepon', '0812/3456', 'Format nomor telepon tidak valid'],
    ['telepon', 'telepon', 'Format nomor telepon tidak valid'],
    ['alamat', 'a'.repeat(501), 'Alamat maksimal 500 karakter'],
    ['kecamatan', 'a'.repeat(101), 'Kecamatan maksimal 100 karakter'],
    ['kota', 'a'.repeat(101), 'Kota maksimal 100 karakter'],
    ['tanggal_nasabah', '31-01-2024', 'Format tanggal tidak valid. Gunakan format YYYY-MM-DD'],
    ['tanggal_nasabah', '2023-02-29', 'Format tanggal tidak valid. Gunakan format YYYY-MM-DD'],
    ['tanggal_nasabah', '1899-12-31', 'Tahun pada tanggal harus antara 1900 dan 2100'],
    ['status', 'inactive', 'Status nasabah harus aktif atau nonaktif'],
  ])('%s = %j → %j', (field, value, message) => {
    expect(issuesByField(nasabahCreateSchema, { ...valid, [field]: value })).toEqual({ [field]: [message] });
  });

  it('accepts the longest allowed values', () => {
    const result = nasabahCreateSchema.safeParse({
      ...valid,
      nama: 'a'.repeat(150),
      alamat: 'b'.repeat(500),
      kota: 'c'.repeat(100),
    });
    expect(result.success).toBe(true);
  });
});

describe('nasabahUpdateSchema', () => {
  it('requires a status aktif or nonaktif', () => {
    expect(nasabahUpdateSchema.parse({ ...valid, status: 'nonaktif' }).status).toBe('nonaktif');
    expect(issuesByField(nasabahUpdateSchema, valid)).toEqual({ status: ['Status nasabah harus aktif atau nonaktif'] });
  });
});
