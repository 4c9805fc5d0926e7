import { describe, expect, it } from 'vitest';
import { pembayaranCreateSchema, pembayaranUpdateSchema } from './pembayaran';
import { issuesByField } from './test-helpers';

const valid = {
  pinjaman_id: 7,
  tanggal: '2024-02-29',
  jumlah: 1_240_000,
  jenis: 'angsuran',
  keterangan: 'Angsuran Februari',
  angsuran_ke: 2,
};

describe('pembayaranCreateSchema (spec §5 Pembayaran)', () => {
  it('accepts a payment, from numbers or numeric strings', () => {
    const expected = { ...valid, akun_kas_id: null };
    expect(pembayaranCreateSchema.parse(valid)).toEqual(expected);
    expect(pembayaranCreateSchema.parse({ ...valid, pinjaman_id: '7', jumlah: '1240000', angsuran_ke: '2' })).toEqual(expected);
  });

  it('sends angsuran_ke as an integer or null', () => {
    expect(pembayaranCreateSchema.parse({ ...valid, jenis: 'bagi_hasil', angsuran_ke: null }).angsuran_ke).toBeNull();
    expect(pembayaranCreateSchema.parse({ ...valid, jenis: 'bagi_hasil', angsuran_ke: '' }).angsuran_ke).toBeNull();
    expect(pembayaranCreateSchema.parse({ ...valid, jenis: 'pelunasan', angsuran_ke: 0 }).angsuran_ke).toBeNull();
    expect(pembayaranCreateSchema.parse({ ...valid, jenis: 'pokok', angsuran_ke: 3 }).angsuran_ke).toBe(3);
    const withoutAngsuranKe = { pinjaman_id: 7, tanggal: '2024-02-29', jumlah: 240_000, jenis: 'bagi_hasil' };
    expect(pembayaranCreateSchema.parse(withoutAngsuranKe)).toEqual({
      ...withoutAngsuranKe,
      keterangan: null,
      angsuran_ke: null,
      akun_kas_id: null,
    });
  });

  it('takes where the money was received: a cash or bank account id, or nothing for cash (issue 48)', () => {
    expect(pembayaranCreateSchema.parse({ ...valid, akun_kas_id: 5 }).akun_kas_id).toBe(5);
    expect(pembayaranCreateSchema.parse({ ...valid, akun_kas_id: '5' }).akun_kas_id).toBe(5);
    for (const none of [null, '', undefined])
      expect(pembayaranCreateSchema.parse({ ...valid, akun_kas_id: none }).akun_kas_id).toBeNull();
    for (const bad of [0, -1, 1.5, 'bank', 2_147_483_648])
      expect(issuesByField(pembayaranCreateSchema, { ...valid, akun_kas_id: bad })).toEqual({
        akun_kas_id: ['Akun penerimaan harus akun kas atau bank yang aktif'],
      });
  });

  it('normalises an empty keterangan to null', () => {
    expect(pembayaranCreateSchema.parse({ ...valid, keterangan: '   ' }).keterangan).toBeNull();
  });

  it('gives the spec messages for an empty form', () => {
    expect(
      issuesByField(pembayaranCreateSchema, { pinjaman_id: '', tanggal: '', jumlah: '', jenis: '', angsuran_ke: '' }),
    ).toEqual({
      pinjaman_id: ['Pinjaman harus dipilih'],
      tanggal: ['Tanggal pembayaran harus diisi'],
      jumlah: ['Jumlah pembayaran harus lebih dari 0'],
      jenis: ['Jenis pembayaran harus dipilih'],
    });
  });

  it.each([
    ['pinjaman_id', 0, 'Pinjaman harus dipilih'],
    ['pinjaman_id', null, 'Pinjaman harus dipilih'],
    ['tanggal', '2024-02-30', 'Format tanggal tidak valid. Gunakan format YYYY-MM-DD'],
    ['tanggal', '2101-01-01', 'Tahun pada tanggal harus antara 1900 dan 2100'],
    ['jumlah', 0, 'Jumlah pembayaran harus lebih dari 0'],
    ['jumlah', -100, 'Jumlah pembayaran harus lebih dari 0'],
    ['jumlah', 'seratus', 'Jumlah pembayaran harus berupa angka'],
    ['jumlah', 99.5, 'Jumlah pembayaran harus dalam rupiah bulat (tanpa desimal)'],
    ['jumlah', 1_000_000_000_001, 'Jumlah pembayaran maksimal Rp 1.000.000.000.000'],
    ['jenis', 'cicilan', 'Jenis pembayaran harus dipilih'],
    ['angsuran_ke', null, 'Angsuran ke harus lebih dari 0 untuk jenis angsuran'],
    ['angsuran_ke', '', 'Angsuran ke harus lebih dari 0 untuk jenis angsuran'],
    ['angsuran_ke', 0, 'Angsuran ke harus lebih dari 0 untuk jenis angsuran'],
    ['angsuran_ke', -1, 'Angsuran ke harus lebih dari 0 untuk jenis angsuran'],
    ['angsuran_ke', 1.5, 'Angsuran ke harus berupa bilangan bulat positif'],
    ['angsuran_ke', 361, 'Angsuran ke maksimal 360'],
    ['angsuran_ke', 'ketiga', 'Angsuran ke harus berupa angka'],
    ['keterangan', 'x'.repeat(1001), 'Keterangan maksimal 1000 karakter'],
  ])('%s = %j → %j', (field, value, message) => {
    expect(issuesByField(pembayaranCreateSchema, { ...valid, [field]: value })).toEqual({ [field]: [message] });
  });

  it.each([
    [-2, 'Angsuran ke harus berupa bilangan bulat positif'],
    [2.5, 'Angsuran ke harus berupa bilangan bulat positif'],
  ])('rejects angsuran_ke %s for other jenis', (angsuranKe, message) => {
    expect(issuesByField(pembayaranCreateSchema, { ...valid, jenis: 'bagi_hasil', angsuran_ke: angsuranKe })).toEqual({
      angsuran_ke: [message],
    });
  });

  it('reports the angsuran_ke rule together with other field errors', () => {
    expect(issuesByField(pembayaranCreateSchema, { ...valid, jumlah: 0, angsuran_ke: null })).toEqual({
      jumlah: ['Jumlah pembayaran harus lebih dari 0'],
      angsuran_ke: ['Angsuran ke harus lebih dari 0 untuk jenis angsuran'],
    });
  });

  it('uses the same body for update', () => {
    expect(pembayaranUpdateSchema.parse(valid)).toEqual(pembayaranCreateSchema.parse(valid));
  });
});
