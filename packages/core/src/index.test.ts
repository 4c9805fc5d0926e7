import { describe, expect, it } from 'vitest';
import * as core from './index';

describe('@mizan/core entry', () => {
  it('exposes the schemas, formulas and formatters from one place', () => {
    expect(core.calculateMurabahah(12_000_000, 2, 12).monthlyInstalment).toBe(1_240_000);
    expect(core.formatRupiah(14_880_000)).toBe('Rp 14.880.000');
    expect(core.pinjamanCreateSchema.safeParse({}).success).toBe(false);
    expect(core.messages.pinjaman.durasiRequired).toBe('Durasi angsuran harus lebih dari 0 untuk tipe pokok');
    expect(core.loginSchema.parse({ username: 'admin', password: 'x' }).username).toBe('admin');
  });

  it('keeps explicit Indonesian messages with the Indonesian zod locale loaded', () => {
    const result = core.nasabahCreateSchema.safeParse({});
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(core.toFieldErrors(result.error.issues)[0]).toEqual({ path: 'nama', msg: 'Nama tidak boleh kosong' });
  });
});
