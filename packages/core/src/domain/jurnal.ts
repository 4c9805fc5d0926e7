/**
 * The books (issue 48): the default chart of accounts of a KSPPS under SAK EP, and the balanced
 * journal of every money event of a loan (PSAK 102 murabahah, PSAK 105 mudharabah), computed from
 * the event's parts (`MutasiParts`) alone, so that the journal can be written in the event's own
 * transaction by the one writer of money and can never disagree with it.
 *
 * A journal line names a posting role (`PeranAkun`: "kas", "piutang murabahah"…), not an account:
 * the institution maps each role to an account of its chart (the default chart maps each role to
 * the account of the same name). docs/decisions/books.md says why each part is journalled as it
 * is; docs/domain.md gives the sources and a worked example in rupiah per event.
 */
import type { JenisMutasi, MutasiParts } from './mutasi';

/** The groups of a KSPPS's statement of financial position and of its SHU (Permenkop UKM 2/2024). */
export const kelompokAkun = ['aset', 'liabilitas', 'dana_syirkah_temporer', 'ekuitas', 'pendapatan', 'beban'] as const;
export type KelompokAkun = (typeof kelompokAkun)[number];

export type SaldoNormal = 'debit' | 'kredit';

/** What a journal of a money event posts to; each maps to one account of the chart. */
export const peranAkun = [
  'kas',
  'piutang_murabahah',
  'margin_tangguhan',
  'pembiayaan_mudharabah',
  'cadangan_kerugian',
  'titipan_nasabah',
  'dana_kebajikan',
  'pendapatan_margin',
  'pendapatan_bagi_hasil',
  'pendapatan_tawidh',
  'pendapatan_pemulihan',
  'kerugian_pelunasan',
] as const;
export type PeranAkun = (typeof peranAkun)[number];

export interface AkunBawaan {
  kode: string;
  nama: string;
  kelompok: KelompokAkun;
  saldo_normal: SaldoNormal;
  /** The posting role this account takes in the default mapping, if any. */
  peran?: PeranAkun;
}

/**
 * The default chart of accounts (Bagan Akun) of a KSPPS under SAK EP: 1 aset, 2 liabilitas, 3 dana
 * syirkah temporer, 4 ekuitas, 5 pendapatan, 6 beban. Contra accounts (margin tangguhan against the
 * murabahah receivable, cadangan against the financing) have a credit normal balance within aset.
 */
export const baganAkunBawaan: readonly AkunBawaan[] = [
  { kode: '1101', nama: 'Kas', kelompok: 'aset', saldo_normal: 'debit', peran: 'kas' },
  { kode: '1102', nama: 'Bank', kelompok: 'aset', saldo_normal: 'debit' },
  { kode: '1201', nama: 'Piutang Murabahah', kelompok: 'aset', saldo_normal: 'debit', peran: 'piutang_murabahah' },
  {
    kode: '1202',
    nama: 'Margin Murabahah Tangguhan',
    kelompok: 'aset',
    saldo_normal: 'kredit',
    peran: 'margin_tangguhan',
  },
  { kode: '1211', nama: 'Persediaan Murabahah', kelompok: 'aset', saldo_normal: 'debit' },
  { kode: '1301', nama: 'Pembiayaan Mudharabah', kelompok: 'aset', saldo_normal: 'debit', peran: 'pembiayaan_mudharabah' },
  { kode: '1302', nama: 'Piutang Bagi Hasil Mudharabah', kelompok: 'aset', saldo_normal: 'debit' },
  {
    kode: '1401',
    nama: 'Cadangan Kerugian Pembiayaan (PPAP)',
    kelompok: 'aset',
    saldo_normal: 'kredit',
    peran: 'cadangan_kerugian',
  },
  { kode: '2101', nama: 'Titipan Nasabah', kelompok: 'liabilitas', saldo_normal: 'kredit', peran: 'titipan_nasabah' },
  { kode: '2201', nama: 'Dana Kebajikan', kelompok: 'liabilitas', saldo_normal: 'kredit', peran: 'dana_kebajikan' },
  { kode: '3101', nama: 'Simpanan Mudharabah', kelompok: 'dana_syirkah_temporer', saldo_normal: 'kredit' },
  { kode: '4101', nama: 'Simpanan Pokok', kelompok: 'ekuitas', saldo_normal: 'kredit' },
  { kode: '4102', nama: 'Simpanan Wajib', kelompok: 'ekuitas', saldo_normal: 'kredit' },
  { kode: '4201', nama: 'Cadangan Umum', kelompok: 'ekuitas', saldo_normal: 'kredit' },
  { kode: '4301', nama: 'SHU Ditahan', kelompok: 'ekuitas', saldo_normal: 'kredit' },
  { kode: '4302', nama: 'SHU Tahun Berjalan', kelompok: 'ekuitas', saldo_normal: 'kredit' },
  {
    kode: '5101',
    nama: 'Pendapatan Margin Murabahah',
    kelompok: 'pendapatan',
    saldo_normal: 'kredit',
    peran: 'pendapatan_margin',
  },
  {
    kode: '5102',
    nama: 'Pendapatan Bagi Hasil Mudharabah',
    kelompok: 'pendapatan',
    saldo_normal: 'kredit',
    peran: 'pendapatan_bagi_hasil',
  },
  { kode: '5201', nama: 'Pendapatan Ta’widh', kelompok: 'pendapatan', saldo_normal: 'kredit', peran: 'pendapatan_tawidh' },
  {
    kode: '5202',
    nama: 'Pendapatan Pemulihan Pembiayaan Dihapusbukukan',
    kelompok: 'pendapatan',
    saldo_normal: 'kredit',
    peran: 'pendapatan_pemulihan',
  },
  { kode: '5203', nama: 'Pendapatan Lain-lain', kelompok: 'pendapatan', saldo_normal: 'kredit' },
  { kode: '6101', nama: 'Beban Penyisihan Kerugian Pembiayaan', kelompok: 'beban', saldo_normal: 'debit' },
  {
    kode: '6102',
    nama: 'Kerugian Pelunasan Pembiayaan',
    kelompok: 'beban',
    saldo_normal: 'debit',
    peran: 'kerugian_pelunasan',
  },
  { kode: '6201', nama: 'Beban Gaji', kelompok: 'beban', saldo_normal: 'debit' },
  { kode: '6202', nama: 'Beban Sewa', kelompok: 'beban', saldo_normal: 'debit' },
  { kode: '6203', nama: 'Beban Listrik, Air dan Telepon', kelompok: 'beban', saldo_normal: 'debit' },
  { kode: '6204', nama: 'Beban Administrasi dan Umum', kelompok: 'beban', saldo_normal: 'debit' },
];

/** One line of a journal: a role debited or credited (one of the two is 0), whole rupiah. */
export interface BarisJurnal {
  peran: PeranAkun;
  debit: number;
  kredit: number;
}

/** A posting as a signed amount per role: + debit, − credit. */
type Saldo = Partial<Record<PeranAkun, number>>;

function post(saldo: Saldo, amount: number, debit: PeranAkun, credit: PeranAkun) {
  if (amount === 0) return;
  saldo[debit] = (saldo[debit] ?? 0) + amount;
  saldo[credit] = (saldo[credit] ?? 0) - amount;
}

/** The signed amounts as journal lines, in the order of `peranAkun`, lines netting to 0 left out. */
export function barisDariSaldo(saldo: Saldo): BarisJurnal[] {
  const lines: BarisJurnal[] = [];
  for (const peran of peranAkun) {
    const amount = saldo[peran] ?? 0;
    if (amount !== 0) lines.push({ peran, debit: Math.max(amount, 0), kredit: Math.max(-amount, 0) });
  }
  return lines;
}

/**
 * The journal of one money event of a loan (`tipe`: 'pokok' Murabahah, 'non-pokok' Mudharabah).
 * Linear in the parts, so that a reversal (the event with every sign turned, journalled with the
 * kind of the event it reverses, `dibalik`) journals the exact opposite of that event:
 *
 * - cash (`kas`) is debited to kas as it came in (credited as it went out at the akad);
 * - the akad's principal (`pokok_akad`) debits the receivable (Murabahah) or the financing
 *   (Mudharabah); its margin (`margin_akad`) debits the receivable against margin tangguhan, so
 *   that the receivable holds the selling price (PSAK 102);
 * - principal repaid (`pokok`) credits the receivable or the financing; margin paid (`margin`)
 *   credits the receivable and is recognised, tangguhan to pendapatan margin; profit share paid
 *   (`bagi_hasil`) is pendapatan bagi hasil (PSAK 105); paid beyond the claim (`lebih_bayar`) is the
 *   customer's titipan;
 * - margin a settlement did not charge (`margin_dibebaskan`, fatwa 153/2022 and the khasm) leaves
 *   tangguhan against the receivable without becoming income; principal it closed without
 *   collecting (`pokok_dihapus`) is a loss;
 * - money apart from the financing (`lain`): a ta'zir is dana kebajikan, never income (fatwa
 *   17/2000); a ta'widh is income (fatwa 43/2004);
 * - the write-off (`jenis` 'hapus_buku') takes the remaining principal off against cadangan and the
 *   remaining margin off against tangguhan (the receivable nets to 0);
 * - afterwards, what the customer pays of the claim is income of its own (`pemulihan`): the claim
 *   parts of such an event (`pokok`, `margin`, `bagi_hasil` paid, `hapus_buku_*` lowered by the same)
 *   net to nothing on the books, and `pemulihan` is pendapatan pemulihan.
 */
export function jurnalMutasi(
  tipe: 'pokok' | 'non-pokok',
  jenis: JenisMutasi,
  parts: MutasiParts,
  /** For a reversal (`pembalikan`): the kind of the event it reverses, whose accounts it takes. */
  dibalik?: JenisMutasi,
): BarisJurnal[] {
  const kind = jenis === 'pembalikan' && dibalik ? dibalik : jenis;
  const saldo: Saldo = {};
  const financing: PeranAkun = tipe === 'pokok' ? 'piutang_murabahah' : 'pembiayaan_mudharabah';
  // Cash against whatever it paid or was paid for: `kas` = pokok + margin + bagi hasil + lebih bayar + lain − pokok akad.
  saldo.kas = parts.kas;
  saldo[financing] = (saldo[financing] ?? 0) + parts.pokok_akad - parts.pokok;
  saldo.piutang_murabahah = (saldo.piutang_murabahah ?? 0) - parts.margin;
  saldo.pendapatan_bagi_hasil = -parts.bagi_hasil;
  saldo.titipan_nasabah = -parts.lebih_bayar;
  const lainTo: PeranAkun = kind === 'tawidh' ? 'pendapatan_tawidh' : 'dana_kebajikan';
  saldo[lainTo] = (saldo[lainTo] ?? 0) - parts.lain;
  // Pairs that balance on their own.
  post(saldo, parts.margin_akad, 'piutang_murabahah', 'margin_tangguhan');
  post(saldo, parts.margin, 'margin_tangguhan', 'pendapatan_margin');
  post(saldo, parts.margin_dibebaskan, 'margin_tangguhan', 'piutang_murabahah');
  post(saldo, parts.pokok_dihapus, 'kerugian_pelunasan', financing);
  if (kind === 'hapus_buku') {
    post(saldo, parts.hapus_buku_pokok, 'cadangan_kerugian', financing);
    post(saldo, parts.hapus_buku_margin, 'margin_tangguhan', 'piutang_murabahah');
  } else {
    // What was paid of a claim written off: the claim parts above are undone by the written-off
    // parts lowered by the same (principal from the financing, margin from the receivable, its
    // recognition, and profit share), and the whole is pendapatan pemulihan.
    post(saldo, -parts.hapus_buku_pokok, financing, 'pendapatan_bagi_hasil');
    post(saldo, -parts.hapus_buku_margin, 'piutang_murabahah', 'margin_tangguhan');
    post(saldo, -parts.hapus_buku_margin, 'pendapatan_margin', 'pendapatan_bagi_hasil');
    post(saldo, parts.pemulihan, 'pendapatan_bagi_hasil', 'pendapatan_pemulihan');
  }
  return barisDariSaldo(saldo);
}

/** Debits less credits of a journal: 0 when it balances. */
export const selisihJurnal = (lines: readonly BarisJurnal[]) => lines.reduce((total, l) => total + l.debit - l.kredit, 0);

/**
 * The journal of a disbursement of the dana kebajikan (ta'zir collected, given to charity, fatwa
 * 17/2000): the fund, a liability the institution holds for others, is lowered against the cash
 * paid out; never an expense of the institution.
 */
export const jurnalPenyaluranDanaKebajikan = (jumlah: number): BarisJurnal[] =>
  barisDariSaldo({ kas: -jumlah, dana_kebajikan: jumlah });

/** The groups as staff read them (Permenkop UKM 2/2024's statement of financial position and SHU). */
export const kelompokAkunLabels: Record<KelompokAkun, string> = {
  aset: 'Aset',
  liabilitas: 'Liabilitas',
  dana_syirkah_temporer: 'Dana Syirkah Temporer',
  ekuitas: 'Ekuitas',
  pendapatan: 'Pendapatan',
  beban: 'Beban',
};
