import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jurnalMutasi, type PeranAkun } from './jurnal';
import { jenisMutasi, mutasiPartNames, ZERO_PARTS, type MutasiParts } from './mutasi';
import { hasilRekonsiliasi, saldoPeranDariMutasi, type AngkaRekonsiliasi } from './rekonsiliasi';

// The reconciliation's expected balances are computed from the events' parts as the loans' figures
// (Sisa Pokok / Sisa Margin on the books), not from the journal rule: a property holds the two to
// each other, so that a difference the job reports is a difference of the books, never of its sums.

const partsArb: fc.Arbitrary<MutasiParts> = fc.record(
  Object.fromEntries(mutasiPartNames.map((name) => [name, fc.integer({ min: -50_000_000, max: 50_000_000 })])) as Record<
    keyof MutasiParts,
    fc.Arbitrary<number>
  >,
);
const eventArb = fc.record({
  jenis: fc.constantFrom(...jenisMutasi),
  dibalik: fc.constantFrom(...jenisMutasi),
  parts: partsArb,
});

const roles = ['piutang_murabahah', 'margin_tangguhan', 'pembiayaan_mudharabah'] as const;

describe('saldoPeranDariMutasi', () => {
  it('is, for any events of any kind, what their journals post to the receivable, tangguhan and the Mudharabah financing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('pokok' as const, 'non-pokok' as const),
        fc.array(eventArb, { maxLength: 12 }),
        (tipe, events) => {
          const posted: Partial<Record<PeranAkun, number>> = {};
          const sum = { ...ZERO_PARTS };
          for (const e of events) {
            for (const line of jurnalMutasi(tipe, e.jenis, e.parts, e.dibalik))
              posted[line.peran] = (posted[line.peran] ?? 0) + line.debit - line.kredit;
            for (const name of mutasiPartNames) sum[name] += e.parts[name];
          }
          const expected = saldoPeranDariMutasi(tipe, sum);
          for (const role of roles) expect(expected[role], role).toBe(posted[role] ?? 0);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads the worked example: after one instalment the receivable is 13.640.000 and tangguhan 2.640.000', () => {
    const parts = {
      ...ZERO_PARTS,
      kas: -10_760_000,
      pokok_akad: 12_000_000,
      margin_akad: 2_880_000,
      pokok: 1_000_000,
      margin: 240_000,
    };
    expect(saldoPeranDariMutasi('pokok', parts)).toEqual({
      piutang_murabahah: 13_640_000,
      margin_tangguhan: -2_640_000,
      pembiayaan_mudharabah: 0,
    });
    // Written off: nothing of it stays on the books.
    const writtenOff = { ...parts, hapus_buku_pokok: 11_000_000, hapus_buku_margin: 2_640_000 };
    expect(saldoPeranDariMutasi('pokok', writtenOff)).toEqual({
      piutang_murabahah: 0,
      margin_tangguhan: 0,
      pembiayaan_mudharabah: 0,
    });
  });
});

describe('hasilRekonsiliasi', () => {
  const akun = (kode: string, saldo_normal: 'debit' | 'kredit', saldo: number, lines = saldo) => ({
    kode,
    nama: `Akun ${kode}`,
    saldo_normal,
    saldo,
    harian: saldo,
    baris: lines,
    bulanan: 0,
    baris_sebelum_bulan: 0,
  });
  const sound: AngkaRekonsiliasi = {
    mutasi: [
      {
        tipe: 'pokok',
        parts: {
          ...ZERO_PARTS,
          kas: -10_760_000,
          pokok_akad: 12_000_000,
          margin_akad: 2_880_000,
          pokok: 1_000_000,
          margin: 240_000,
        },
      },
    ],
    danaKebajikan: { masuk: 50_000, keluar: 30_000 },
    akunPeran: {
      piutang_murabahah: { kode: '1201', nama: 'Piutang Murabahah', saldo_normal: 'debit' },
      margin_tangguhan: { kode: '1202', nama: 'Margin Murabahah Tangguhan', saldo_normal: 'kredit' },
      pembiayaan_mudharabah: { kode: '1301', nama: 'Pembiayaan Mudharabah', saldo_normal: 'debit' },
      dana_kebajikan: { kode: '2201', nama: 'Dana Kebajikan', saldo_normal: 'kredit' },
    },
    akun: [
      akun('1101', 'debit', -10_740_000),
      akun('1201', 'debit', 13_640_000),
      akun('1202', 'kredit', -2_640_000),
      akun('2201', 'kredit', -20_000),
      akun('5101', 'kredit', -240_000),
    ],
    mutasiTanpaJurnal: 0,
  };

  it('finds every check held on sound books, each figure on its account’s own side', () => {
    const rows = hasilRekonsiliasi(sound);
    expect(rows.every((r) => r.cocok)).toBe(true);
    expect(rows.map((r) => [r.cek, r.akun_kode, r.seharusnya])).toEqual([
      ['piutang_murabahah', '1201', 13_640_000],
      ['margin_tangguhan', '1202', 2_640_000],
      ['pembiayaan_mudharabah', '1301', 0],
      ['dana_kebajikan', '2201', 20_000],
      ['neraca_seimbang', null, 13_640_000],
      ['saldo_harian', null, 13_640_000],
      ['saldo_bulanan', null, 0],
      ['mutasi_tanpa_jurnal', null, 0],
    ]);
  });

  it('names the check, the account and the difference when the books hold other than the money says', () => {
    const broken: AngkaRekonsiliasi = {
      ...sound,
      akun: sound.akun.map((a) =>
        a.kode === '1201' ? { ...a, saldo: a.saldo - 1_000_000 } : a.kode === '1101' ? { ...a, harian: a.harian + 5 } : a,
      ),
      mutasiTanpaJurnal: 2,
    };
    const failed = hasilRekonsiliasi(broken).filter((r) => !r.cocok);
    expect(failed).toEqual([
      {
        cek: 'piutang_murabahah',
        akun_kode: '1201',
        seharusnya: 13_640_000,
        tercatat: 12_640_000,
        selisih: -1_000_000,
        cocok: false,
      },
      {
        cek: 'neraca_seimbang',
        akun_kode: null,
        seharusnya: 13_640_000,
        tercatat: 12_640_000,
        selisih: -1_000_000,
        cocok: false,
      },
      { cek: 'saldo_harian', akun_kode: '1101', seharusnya: -10_740_000, tercatat: -10_739_995, selisih: 5, cocok: false },
      { cek: 'mutasi_tanpa_jurnal', akun_kode: null, seharusnya: 0, tercatat: 2, selisih: 2, cocok: false },
    ]);
  });
});
