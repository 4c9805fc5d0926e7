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

/**
 * Where a journal comes from: a money event of a loan, a disbursement of the dana kebajikan, a
 * general journal, the month-end provision (PPAP).
 */
export const sumberJurnal = ['mutasi', 'dana_kebajikan', 'umum', 'ppap'] as const;
export type SumberJurnal = (typeof sumberJurnal)[number];

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
  'beban_ppap',
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

/** An account of the default chart: code, name, group, normal balance and the role it takes, if any. */
const akun = (kode: string, nama: string, kelompok: KelompokAkun, saldo_normal: SaldoNormal, peran?: PeranAkun): AkunBawaan => ({
  kode,
  nama,
  kelompok,
  saldo_normal,
  ...(peran ? { peran } : {}),
});

/**
 * The default chart of accounts (Bagan Akun) of a KSPPS under SAK EP: 1 aset, 2 liabilitas, 3 dana
 * syirkah temporer, 4 ekuitas, 5 pendapatan, 6 beban. Contra accounts (margin tangguhan against the
 * murabahah receivable, cadangan against the financing) have a credit normal balance within aset.
 */
export const baganAkunBawaan: readonly AkunBawaan[] = [
  akun('1101', 'Kas', 'aset', 'debit', 'kas'),
  akun('1102', 'Bank', 'aset', 'debit'),
  akun('1201', 'Piutang Murabahah', 'aset', 'debit', 'piutang_murabahah'),
  akun('1202', 'Margin Murabahah Tangguhan', 'aset', 'kredit', 'margin_tangguhan'),
  akun('1211', 'Persediaan Murabahah', 'aset', 'debit'),
  akun('1301', 'Pembiayaan Mudharabah', 'aset', 'debit', 'pembiayaan_mudharabah'),
  akun('1302', 'Piutang Bagi Hasil Mudharabah', 'aset', 'debit'),
  akun('1401', 'Cadangan Kerugian Pembiayaan (PPAP)', 'aset', 'kredit', 'cadangan_kerugian'),
  akun('2101', 'Titipan Nasabah', 'liabilitas', 'kredit', 'titipan_nasabah'),
  akun('2201', 'Dana Kebajikan', 'liabilitas', 'kredit', 'dana_kebajikan'),
  akun('3101', 'Simpanan Mudharabah', 'dana_syirkah_temporer', 'kredit'),
  akun('4101', 'Simpanan Pokok', 'ekuitas', 'kredit'),
  akun('4102', 'Simpanan Wajib', 'ekuitas', 'kredit'),
  akun('4201', 'Cadangan Umum', 'ekuitas', 'kredit'),
  akun('4301', 'SHU Ditahan', 'ekuitas', 'kredit'),
  akun('4302', 'SHU Tahun Berjalan', 'ekuitas', 'kredit'),
  akun('5101', 'Pendapatan Margin Murabahah', 'pendapatan', 'kredit', 'pendapatan_margin'),
  akun('5102', 'Pendapatan Bagi Hasil Mudharabah', 'pendapatan', 'kredit', 'pendapatan_bagi_hasil'),
  akun('5201', 'Pendapatan Ta’widh', 'pendapatan', 'kredit', 'pendapatan_tawidh'),
  akun('5202', 'Pendapatan Pemulihan Pembiayaan Dihapusbukukan', 'pendapatan', 'kredit', 'pendapatan_pemulihan'),
  akun('5203', 'Pendapatan Lain-lain', 'pendapatan', 'kredit'),
  akun('6101', 'Beban Penyisihan Kerugian Pembiayaan', 'beban', 'debit', 'beban_ppap'),
  akun('6102', 'Kerugian Pelunasan Pembiayaan', 'beban', 'debit', 'kerugian_pelunasan'),
  akun('6201', 'Beban Gaji', 'beban', 'debit'),
  akun('6202', 'Beban Sewa', 'beban', 'debit'),
  akun('6203', 'Beban Listrik, Air dan Telepon', 'beban', 'debit'),
  akun('6204', 'Beban Administrasi dan Umum', 'beban', 'debit'),
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

/**
 * The month-end provision (PPAP, issue 48): the cadangan brought from what it holds to what the
 * classes of the month-end require (`selisih` = required − held): Dr beban PPAP / Cr cadangan, or
 * back (Dr cadangan / Cr beban PPAP) when it holds more than required.
 */
export const jurnalPpap = (selisih: number): BarisJurnal[] =>
  barisDariSaldo({ beban_ppap: selisih, cadangan_kerugian: -selisih });

/** The groups as staff read them (Permenkop UKM 2/2024's statement of financial position and SHU). */
export const kelompokAkunLabels: Record<KelompokAkun, string> = {
  aset: 'Aset',
  liabilitas: 'Liabilitas',
  dana_syirkah_temporer: 'Dana Syirkah Temporer',
  ekuitas: 'Ekuitas',
  pendapatan: 'Pendapatan',
  beban: 'Beban',
};

/**
 * What the account of a posting role must be (issue 48: the institution maps each role to an
 * account of its own in Pengaturan): of the group and normal balance of the default chart's account
 * for it (a receivable stays an aset with a debit balance, an income a pendapatan…); cash, an
 * account marked as cash or bank.
 */
export function syaratPeran(peran: PeranAkun): { kelompok: KelompokAkun; saldo_normal: SaldoNormal; kas_bank: boolean } {
  const bawaan = baganAkunBawaan.find((a) => a.peran === peran)!;
  return { kelompok: bawaan.kelompok, saldo_normal: bawaan.saldo_normal, kas_bank: peran === 'kas' };
}

/** The normal balance of a new account of a group: debit for aset and beban, credit otherwise. */
export const saldoNormalBawaan = (kelompok: KelompokAkun): SaldoNormal =>
  kelompok === 'aset' || kelompok === 'beban' ? 'debit' : 'kredit';

/** The normal balance as staff read it. */
export const saldoNormalLabels: Record<SaldoNormal, string> = { debit: 'Debit', kredit: 'Kredit' };

/** What each posting role is, in plain Indonesian (Bagan Akun: which account takes which postings). */
export const peranAkunLabels: Record<PeranAkun, string> = {
  kas: 'Kas masuk dan keluar',
  piutang_murabahah: 'Piutang murabahah (harga jual)',
  margin_tangguhan: 'Margin murabahah yang belum diakui',
  pembiayaan_mudharabah: 'Modal mudharabah yang disalurkan',
  cadangan_kerugian: 'Cadangan kerugian (PPAP, hapus buku)',
  titipan_nasabah: 'Kelebihan bayar nasabah (titipan)',
  dana_kebajikan: 'Ta’zir untuk dana kebajikan',
  pendapatan_margin: 'Margin murabahah yang diakui',
  pendapatan_bagi_hasil: 'Bagi hasil mudharabah',
  pendapatan_tawidh: 'Ta’widh (ganti rugi)',
  pendapatan_pemulihan: 'Pemulihan pembiayaan yang dihapusbukukan',
  kerugian_pelunasan: 'Pokok yang tidak tertagih saat pelunasan',
  beban_ppap: 'Beban penyisihan kerugian (PPAP)',
};

/** Where a journal comes from, as the Jurnal screen's filter names it. */
export const sumberJurnalLabels: Record<SumberJurnal, string> = {
  mutasi: 'Transaksi pinjaman',
  dana_kebajikan: 'Penyaluran dana kebajikan',
  umum: 'Jurnal umum',
  ppap: 'PPAP akhir bulan',
};
