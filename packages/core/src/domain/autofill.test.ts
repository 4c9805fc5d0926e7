import { describe, expect, it } from 'vitest';
import { AUTOFILL_MISSING_DURASI_WARNING, autofillPembayaran, nextAngsuranKe } from './autofill';

describe('nextAngsuranKe', () => {
  it.each([
    [[], 1],
    [[{ angsuran_ke: null }], 1],
    [[{ angsuran_ke: 1 }, { angsuran_ke: 3 }, { angsuran_ke: 2 }], 4],
    [[{ angsuran_ke: 5 }, {}, { angsuran_ke: null }], 6],
  ])('%j → %s', (payments, expected) => {
    expect(nextAngsuranKe(payments)).toBe(expected);
  });
});

describe('autofillPembayaran (spec §9)', () => {
  const pokok = { tipe: 'pokok' as const, jumlah: 12_000_000, persentase: 2, durasi_angsuran: 12 };

  it('proposes the first instalment of a new pokok loan', () => {
    expect(autofillPembayaran(pokok, [])).toEqual({ jenis: 'angsuran', jumlah: 1_240_000, angsuran_ke: 1 });
  });

  it('continues after the highest earlier instalment', () => {
    expect(autofillPembayaran(pokok, [{ angsuran_ke: 1 }, { angsuran_ke: 3 }, { angsuran_ke: null }])).toEqual({
      jenis: 'angsuran',
      jumlah: 1_240_000,
      angsuran_ke: 4,
    });
  });

  it('proposes the scheduled amount of the last instalment, which absorbs rounding', () => {
    const loan = { tipe: 'pokok' as const, jumlah: 1_000_000, persentase: 0, durasi_angsuran: 3 };
    expect(autofillPembayaran(loan, [{ angsuran_ke: 1 }])?.jumlah).toBe(333_333);
    expect(autofillPembayaran(loan, [{ angsuran_ke: 1 }, { angsuran_ke: 2 }])).toEqual({
      jenis: 'angsuran',
      jumlah: 333_334,
      angsuran_ke: 3,
    });
  });

  it('warns when every instalment is already recorded', () => {
    expect(autofillPembayaran(pokok, [{ angsuran_ke: 12 }])).toEqual({
      jenis: 'angsuran',
      jumlah: 1_240_000,
      angsuran_ke: 13,
      warning: 'Angsuran ke-13 melebihi durasi angsuran (12 bulan). Periksa kembali jumlah dan angsuran ke sebelum menyimpan.',
    });
  });

  it('leaves the amount empty and warns when durasi is missing', () => {
    const result = autofillPembayaran({ ...pokok, durasi_angsuran: null }, [{ angsuran_ke: 2 }]);
    expect(result).toEqual({ jenis: 'angsuran', jumlah: null, angsuran_ke: 3, warning: AUTOFILL_MISSING_DURASI_WARNING });
    expect(result.warning).toBe(
      'Durasi angsuran pinjaman ini belum diisi, sehingga jumlah angsuran tidak dapat dihitung. Masukkan jumlah pembayaran secara manual.',
    );
  });

  it.each([
    [10_000_000, 1.5, 150_000],
    [12_000_000, 2, 240_000],
    [5_000_000, 0, 0],
    [1000, 1.15, 12],
  ])('proposes bagi_hasil of jumlah × persentase / 100 for non-pokok (%s at %s %%)', (jumlah, persentase, expected) => {
    expect(autofillPembayaran({ tipe: 'non-pokok', jumlah, persentase, durasi_angsuran: null }, [{ angsuran_ke: 4 }])).toEqual({
      jenis: 'bagi_hasil',
      jumlah: expected,
      angsuran_ke: null,
    });
  });
});
