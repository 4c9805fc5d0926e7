import { describe, expect, it } from 'vitest';
import { hasAtMostTwoDecimals, pinjamanCreateSchema, pinjamanUpdateSchema } from './pinjaman';
import { issuesByField } from './test-helpers';

/** What the add form sends as multipart: every value a string. */
const multipart = {
  nasabah_id: '3',
  nomor_pinjaman: 'A001',
  urutan_pinjaman: '2',
  tanggal_pinjam: '2024-01-31',
  jumlah: '12000000',
  persentase: '2',
  tipe: 'pokok',
  jaminan: 'BPKB motor',
  keterangan: '',
  durasi_angsuran: '12',
};

/** What the edit form sends as JSON: the values both forms parse to. */
const json = {
  nasabah_id: 3,
  nomor_pinjaman: 'A001',
  urutan_pinjaman: 2,
  tanggal_pinjam: '2024-01-31',
  jumlah: 12_000_000,
  persentase: 2,
  tipe: 'pokok',
  jaminan: 'BPKB motor',
  keterangan: null,
  durasi_angsuran: 12,
  akun_kas_id: null,
};

describe('pinjamanCreateSchema (spec §5 Pinjaman)', () => {
  it('parses the multipart strings and the JSON numbers to the same values', () => {
    expect(pinjamanCreateSchema.parse(multipart)).toEqual(json);
    expect(pinjamanCreateSchema.parse(json)).toEqual(json);
  });

  it('accepts a decimal comma and two decimals in persentase', () => {
    expect(pinjamanCreateSchema.parse({ ...multipart, persentase: '2,75' }).persentase).toBe(2.75);
    expect(pinjamanCreateSchema.parse({ ...json, persentase: 1.15 }).persentase).toBe(1.15);
    expect(pinjamanCreateSchema.parse({ ...json, persentase: 0 }).persentase).toBe(0);
  });

  it('normalises empty optional fields', () => {
    const result = pinjamanCreateSchema.parse({ ...multipart, nomor_pinjaman: '', jaminan: '  ', urutan_pinjaman: '' });
    expect(result.nomor_pinjaman).toBe('');
    expect(result.jaminan).toBeNull();
    expect(result.urutan_pinjaman).toBeUndefined();
  });

  it('sets durasi_angsuran to null for non-pokok, whatever was sent', () => {
    expect(pinjamanCreateSchema.parse({ ...multipart, tipe: 'non-pokok', durasi_angsuran: '12' }).durasi_angsuran).toBeNull();
    expect(pinjamanCreateSchema.parse({ ...json, tipe: 'non-pokok', durasi_angsuran: 0 }).durasi_angsuran).toBeNull();
    const withoutDurasi = { nasabah_id: 3, tanggal_pinjam: '2024-01-31', jumlah: 10_000_000, persentase: 1.5, tipe: 'non-pokok' };
    expect(pinjamanCreateSchema.parse(withoutDurasi)).toEqual({
      ...withoutDurasi,
      nomor_pinjaman: '',
      jaminan: null,
      keterangan: null,
      durasi_angsuran: null,
      akun_kas_id: null,
    });
  });

  it('gives the spec messages for an empty form', () => {
    expect(issuesByField(pinjamanCreateSchema, {})).toEqual({
      nasabah_id: ['Nasabah harus dipilih'],
      tanggal_pinjam: ['Tanggal pinjam harus diisi'],
      jumlah: ['Jumlah pinjaman harus lebih dari 0'],
      persentase: ['Persentase harus diisi'],
      tipe: ['Tipe pinjaman harus dipilih'],
    });
    expect(
      issuesByField(pinjamanCreateSchema, { nasabah_id: '', tanggal_pinjam: '', jumlah: '', persentase: '', tipe: '' }),
    ).toEqual({
      nasabah_id: ['Nasabah harus dipilih'],
      tanggal_pinjam: ['Tanggal pinjam harus diisi'],
      jumlah: ['Jumlah pinjaman harus lebih dari 0'],
      persentase: ['Persentase harus diisi'],
      tipe: ['Tipe pinjaman harus dipilih'],
    });
  });

  it.each([
    ['nasabah_id', 0, 'Nasabah harus dipilih'],
    ['nasabah_id', 'abc', 'Nasabah harus dipilih'],
    ['nasabah_id', 1.5, 'Nasabah harus dipilih'],
    ['nasabah_id', 3_000_000_000, 'ID tidak valid'],
    ['tanggal_pinjam', '2023-02-29', 'Format tanggal tidak valid. Gunakan format YYYY-MM-DD'],
    ['jumlah', 0, 'Jumlah pinjaman harus lebih dari 0'],
    ['jumlah', '-5', 'Jumlah pinjaman harus lebih dari 0'],
    ['jumlah', Number.NaN, 'Jumlah pinjaman harus lebih dari 0'],
    ['jumlah', 'Rp 12.000.000', 'Jumlah pinjaman harus berupa angka'],
    ['jumlah', 1500.5, 'Jumlah pinjaman harus dalam rupiah bulat (tanpa desimal)'],
    ['jumlah', 0.5, 'Jumlah pinjaman harus dalam rupiah bulat (tanpa desimal)'],
    ['jumlah', 1_000_000_000_001, 'Jumlah pinjaman maksimal Rp 1.000.000.000.000'],
    ['persentase', -1, 'Persentase tidak boleh negatif'],
    ['persentase', '-0.01', 'Persentase tidak boleh negatif'],
    ['persentase', 'dua', 'Persentase harus berupa angka'],
    ['persentase', 100.01, 'Persentase maksimal 100'],
    ['persentase', 2.005, 'Persentase maksimal 2 angka di belakang koma'],
    ['tipe', 'syariah', 'Tipe pinjaman harus dipilih'],
    ['durasi_angsuran', '', 'Durasi angsuran harus lebih dari 0 untuk tipe pokok'],
    ['durasi_angsuran', null, 'Durasi angsuran harus lebih dari 0 untuk tipe pokok'],
    ['durasi_angsuran', 0, 'Durasi angsuran harus lebih dari 0 untuk tipe pokok'],
    ['durasi_angsuran', -3, 'Durasi angsuran harus lebih dari 0 untuk tipe pokok'],
    ['durasi_angsuran', 1.5, 'Durasi angsuran harus berupa bilangan bulat (bulan)'],
    ['durasi_angsuran', 361, 'Durasi angsuran maksimal 360 bulan'],
    ['durasi_angsuran', 'dua belas', 'Durasi angsuran harus berupa angka'],
    ['urutan_pinjaman', 0, 'Urutan pinjaman minimal 1'],
    ['urutan_pinjaman', 1.5, 'Urutan pinjaman harus berupa bilangan bulat'],
    ['urutan_pinjaman', 1000, 'Urutan pinjaman maksimal 999'],
    ['nomor_pinjaman', 'A'.repeat(51), 'Nomor pinjaman maksimal 50 karakter'],
    ['jaminan', 'x'.repeat(501), 'Jaminan maksimal 500 karakter'],
    ['keterangan', 'x'.repeat(1001), 'Keterangan maksimal 1000 karakter'],
  ])('%s = %j → %j', (field, value, message) => {
    expect(issuesByField(pinjamanCreateSchema, { ...json, [field]: value })).toEqual({ [field]: [message] });
  });

  it('still reports the durasi error next to other field errors', () => {
    expect(issuesByField(pinjamanCreateSchema, { ...json, jumlah: 0, durasi_angsuran: '' })).toEqual({
      jumlah: ['Jumlah pinjaman harus lebih dari 0'],
      durasi_angsuran: ['Durasi angsuran harus lebih dari 0 untuk tipe pokok'],
    });
  });

  it('accepts the edge values', () => {
    expect(pinjamanCreateSchema.safeParse({ ...json, jumlah: 1, persentase: 100, durasi_angsuran: 1 }).success).toBe(true);
    expect(pinjamanCreateSchema.safeParse({ ...json, jumlah: 1_000_000_000_000, durasi_angsuran: 360 }).success).toBe(true);
  });
});

describe('pinjamanUpdateSchema', () => {
  it.each(['aktif', 'lunas', 'macet'])('accepts status %s', (status) => {
    expect(pinjamanUpdateSchema.parse({ ...json, status }).status).toBe(status);
  });

  it('requires a known status and applies the same rules as create', () => {
    expect(issuesByField(pinjamanUpdateSchema, { ...json, status: 'pending' })).toEqual({
      status: ['Status pinjaman harus aktif, lunas, atau macet'],
    });
    expect(issuesByField(pinjamanUpdateSchema, { ...json, status: 'aktif', durasi_angsuran: null })).toEqual({
      durasi_angsuran: ['Durasi angsuran harus lebih dari 0 untuk tipe pokok'],
    });
    expect(pinjamanUpdateSchema.parse({ ...json, status: 'aktif', tipe: 'non-pokok' }).durasi_angsuran).toBeNull();
  });
});

describe('hasAtMostTwoDecimals', () => {
  it.each([
    [2, true],
    [1.15, true],
    [0.07, true],
    [99.99, true],
    [2.005, false],
    [0.001, false],
  ])('%s → %s', (value, expected) => {
    expect(hasAtMostTwoDecimals(value)).toBe(expected);
  });
});
