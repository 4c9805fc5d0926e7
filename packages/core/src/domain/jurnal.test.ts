import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  baganAkunBawaan,
  jurnalMutasi,
  jurnalPenyaluranDanaKebajikan,
  peranAkun,
  selisihJurnal,
  type BarisJurnal,
  type PeranAkun,
} from './jurnal';
import { jenisMutasi, mutasiPartNames, partsNegated, ZERO_PARTS, type MutasiParts } from './mutasi';

// The journals of the worked examples in docs/domain.md ("The books"), written out by hand from
// PSAK 102/105 and the fatwas: the specification's Murabahah of Rp 12.000.000 at 2 % × 12
// (instalments of 1.240.000 = 1.000.000 principal + 240.000 margin) and a Mudharabah.

const parts = (p: Partial<MutasiParts>): MutasiParts => ({ ...ZERO_PARTS, ...p });
const dr = (peran: PeranAkun, amount: number): BarisJurnal => ({ peran, debit: amount, kredit: 0 });
const cr = (peran: PeranAkun, amount: number): BarisJurnal => ({ peran, debit: 0, kredit: amount });
/** Lines in any order, compared as a set. */
const sorted = (lines: BarisJurnal[]) => [...lines].sort((a, b) => a.peran.localeCompare(b.peran));

describe('the journal of each money event (Murabahah Rp 12.000.000 at 2 % × 12)', () => {
  it('akad: the receivable at the selling price, the margin deferred, the cost paid out', () => {
    const journal = jurnalMutasi('pokok', 'akad', parts({ kas: -12_000_000, pokok_akad: 12_000_000, margin_akad: 2_880_000 }));
    expect(sorted(journal)).toEqual(
      sorted([dr('piutang_murabahah', 14_880_000), cr('kas', 12_000_000), cr('margin_tangguhan', 2_880_000)]),
    );
  });

  it('an instalment of 1.240.000: the receivable lowered by all of it, 240.000 of margin recognised', () => {
    const journal = jurnalMutasi('pokok', 'pembayaran', parts({ kas: 1_240_000, pokok: 1_000_000, margin: 240_000 }));
    expect(sorted(journal)).toEqual(
      sorted([
        dr('kas', 1_240_000),
        cr('piutang_murabahah', 1_240_000),
        dr('margin_tangguhan', 240_000),
        cr('pendapatan_margin', 240_000),
      ]),
    );
  });

  it('paid ahead and settled in month 1 (issue 47): 2.640.000 not charged and month 2’s 240.000 taken back from income', () => {
    // After two instalments the receivable is 12.400.000 and tangguhan 2.400.000; both close.
    const journal = jurnalMutasi(
      'pokok',
      'pelunasan',
      parts({ kas: 9_760_000, pokok: 10_000_000, margin: -240_000, margin_dibebaskan: 2_640_000 }),
    );
    expect(sorted(journal)).toEqual(
      sorted([
        dr('kas', 9_760_000),
        dr('margin_tangguhan', 2_400_000),
        dr('pendapatan_margin', 240_000),
        cr('piutang_murabahah', 12_400_000),
      ]),
    );
  });

  it('paid beyond the claim: the customer’s titipan', () => {
    const journal = jurnalMutasi(
      'pokok',
      'pembayaran',
      parts({ kas: 1_300_000, pokok: 1_000_000, margin: 240_000, lebih_bayar: 60_000 }),
    );
    expect(journal).toContainEqual(cr('titipan_nasabah', 60_000));
    expect(selisihJurnal(journal)).toBe(0);
  });

  it('ta’zir is dana kebajikan, never income; ta’widh is income', () => {
    expect(jurnalMutasi('pokok', 'tazir', parts({ kas: 50_000, lain: 50_000 }))).toEqual([
      dr('kas', 50_000),
      cr('dana_kebajikan', 50_000),
    ]);
    expect(jurnalMutasi('pokok', 'tawidh', parts({ kas: 75_000, lain: 75_000 }))).toEqual([
      dr('kas', 75_000),
      cr('pendapatan_tawidh', 75_000),
    ]);
  });

  it('written off after two instalments: principal against cadangan, margin out of tangguhan; a recovery is income of its own', () => {
    const writeOff = jurnalMutasi('pokok', 'hapus_buku', parts({ hapus_buku_pokok: 10_000_000, hapus_buku_margin: 2_400_000 }));
    expect(sorted(writeOff)).toEqual(
      sorted([dr('cadangan_kerugian', 10_000_000), dr('margin_tangguhan', 2_400_000), cr('piutang_murabahah', 12_400_000)]),
    );
    const recovery = jurnalMutasi(
      'pokok',
      'pemulihan',
      parts({
        kas: 1_240_000,
        pokok: 1_000_000,
        margin: 240_000,
        hapus_buku_pokok: -1_000_000,
        hapus_buku_margin: -240_000,
        pemulihan: 1_240_000,
      }),
    );
    expect(recovery).toEqual([dr('kas', 1_240_000), cr('pendapatan_pemulihan', 1_240_000)]);
  });

  it('a payment corrected: the reversal journals the exact opposite of the payment', () => {
    const payment = parts({ kas: 1_240_000, pokok: 1_000_000, margin: 240_000 });
    const reversal = jurnalMutasi('pokok', 'pembalikan', partsNegated(payment), 'pembayaran');
    expect(sorted(reversal)).toEqual(
      sorted(jurnalMutasi('pokok', 'pembayaran', payment).map((l) => ({ ...l, debit: l.kredit, kredit: l.debit }))),
    );
  });
});

describe('the journal of a Mudharabah (Rp 10.000.000, projected share 2 %)', () => {
  it('financing paid out, profit share received as income, capital returned', () => {
    expect(jurnalMutasi('non-pokok', 'akad', parts({ kas: -10_000_000, pokok_akad: 10_000_000 }))).toEqual([
      cr('kas', 10_000_000),
      dr('pembiayaan_mudharabah', 10_000_000),
    ]);
    expect(jurnalMutasi('non-pokok', 'pembayaran', parts({ kas: 200_000, bagi_hasil: 200_000 }))).toEqual([
      dr('kas', 200_000),
      cr('pendapatan_bagi_hasil', 200_000),
    ]);
    expect(jurnalMutasi('non-pokok', 'pembayaran', parts({ kas: 10_000_000, pokok: 10_000_000 }))).toEqual([
      dr('kas', 10_000_000),
      cr('pembiayaan_mudharabah', 10_000_000),
    ]);
  });
});

describe('the dana kebajikan given out (ta’zir collected before, fatwa 17/2000)', () => {
  it('lowers the fund against the cash paid, never an expense', () => {
    expect(jurnalPenyaluranDanaKebajikan(30_000)).toEqual([cr('kas', 30_000), dr('dana_kebajikan', 30_000)]);
  });
});

describe('journals: properties', () => {
  /** Any event's parts as the money module writes them: cash is what the other parts say it is. */
  const eventArb = fc
    .record(
      Object.fromEntries(mutasiPartNames.map((name) => [name, fc.integer({ min: -1e10, max: 1e10 })])) as Record<
        keyof MutasiParts,
        fc.Arbitrary<number>
      >,
    )
    .map((p) => ({ ...p, kas: p.pokok + p.margin + p.bagi_hasil + p.lebih_bayar + p.lain - p.pokok_akad }));
  const tipeArb = fc.constantFrom<'pokok' | 'non-pokok'>('pokok', 'non-pokok');

  it('every event’s journal balances, whatever its kind and parts', () => {
    fc.assert(
      fc.property(tipeArb, fc.constantFrom(...jenisMutasi), eventArb, (tipe, jenis, p) => {
        const journal = jurnalMutasi(tipe, jenis, p);
        expect(selisihJurnal(journal)).toBe(0);
        for (const line of journal) {
          expect(Number.isInteger(line.debit) && Number.isInteger(line.kredit)).toBe(true);
          expect(line.debit >= 0 && line.kredit >= 0 && (line.debit === 0) !== (line.kredit === 0)).toBe(true);
        }
      }),
      { numRuns: 10_000 },
    );
  });

  it('a reversal journals the exact opposite of the event it reverses, whatever its kind', () => {
    fc.assert(
      fc.property(tipeArb, fc.constantFrom(...jenisMutasi), eventArb, (tipe, jenis, p) => {
        const flipped = jurnalMutasi(tipe, jenis, p).map((l) => ({ ...l, debit: l.kredit, kredit: l.debit }));
        expect(jurnalMutasi(tipe, 'pembalikan', partsNegated(p), jenis)).toEqual(flipped);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a ta’widh taken back comes out of income, a ta’zir taken back out of dana kebajikan', () => {
    const back = parts({ kas: -75_000, lain: -75_000 });
    expect(jurnalMutasi('pokok', 'pembalikan', back, 'tawidh')).toEqual([cr('kas', 75_000), dr('pendapatan_tawidh', 75_000)]);
    expect(jurnalMutasi('pokok', 'pembalikan', back, 'tazir')).toEqual([cr('kas', 75_000), dr('dana_kebajikan', 75_000)]);
  });
});

describe('the default chart of accounts', () => {
  it('has unique codes, and one account for each posting role', () => {
    const codes = baganAkunBawaan.map((a) => a.kode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const peran of peranAkun) expect(baganAkunBawaan.filter((a) => a.peran === peran).map((a) => a.kode)).toHaveLength(1);
  });

  it('groups accounts by the first digit of their code, contra accounts credit-normal within aset', () => {
    const groupOf = {
      '1': 'aset',
      '2': 'liabilitas',
      '3': 'dana_syirkah_temporer',
      '4': 'ekuitas',
      '5': 'pendapatan',
      '6': 'beban',
    };
    for (const account of baganAkunBawaan) expect(account.kelompok).toBe(groupOf[account.kode[0] as keyof typeof groupOf]);
    const contra = baganAkunBawaan.filter((a) => a.kelompok === 'aset' && a.saldo_normal === 'kredit').map((a) => a.peran);
    expect(contra).toEqual(['margin_tangguhan', 'cadangan_kerugian']);
  });
});
