import { describe, expect, it } from 'vitest';
import { firstErrorPerField, toFieldErrors } from './errors';
import { pinjamanCreateSchema } from './pinjaman';

describe('toFieldErrors', () => {
  it('turns zod issues into {path, msg} with the field name as path', () => {
    const result = pinjamanCreateSchema.safeParse({
      nasabah_id: 1,
      tanggal_pinjam: '2024-01-01',
      jumlah: 0,
      persentase: 2,
      tipe: 'pokok',
      durasi_angsuran: null,
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toFieldErrors(result.error.issues)).toEqual([
      { path: 'jumlah', msg: 'Jumlah pinjaman harus lebih dari 0' },
      { path: 'durasi_angsuran', msg: 'Durasi angsuran harus lebih dari 0 untuk tipe pokok' },
    ]);
  });

  it('keeps the first message of each field', () => {
    expect(
      firstErrorPerField([
        { path: 'nik', msg: 'NIK sudah terdaftar' },
        { path: 'nik', msg: 'lain' },
        { path: 'nama', msg: 'Nama tidak boleh kosong' },
      ]),
    ).toEqual({ nik: 'NIK sudah terdaftar', nama: 'Nama tidak boleh kosong' });
  });
});
