/**
 * The daily reconciliation of the books (issue 48 item 5, "tie-outs, proven and watched"): as of a
 * day, each account that a loan's money is posted to must hold, to the rupiah, what the money
 * events add up to (computed from the events' parts, never from the journal lines), the trial
 * balance must balance, the balances kept per account and day or month must equal the lines they
 * sum, and every money event must have its journal. docs/decisions/books.md "Reconciliation" says
 * why these checks and how the server runs them.
 */
import { balancesOfParts, type MutasiParts } from './mutasi';
import type { PeranAkun, SaldoNormal } from './jurnal';

/** The checks, in the order a report lists them. */
export const cekRekonsiliasi = [
  'piutang_murabahah',
  'margin_tangguhan',
  'pembiayaan_mudharabah',
  'dana_kebajikan',
  'neraca_seimbang',
  'saldo_harian',
  'saldo_bulanan',
  'mutasi_tanpa_jurnal',
] as const;
export type CekRekonsiliasi = (typeof cekRekonsiliasi)[number];

/** The checks that compare a role's account with the money events (or the fund's entries). */
export const cekPeran = [
  'piutang_murabahah',
  'margin_tangguhan',
  'pembiayaan_mudharabah',
  'dana_kebajikan',
] as const satisfies readonly (CekRekonsiliasi & PeranAkun)[];
type CekPeran = (typeof cekPeran)[number];

/** What each check compares, as staff read it. */
export const cekRekonsiliasiLabels: Record<CekRekonsiliasi, string> = {
  piutang_murabahah: 'Piutang Murabahah = sisa kewajiban nasabah Murabahah',
  margin_tangguhan: 'Margin Tangguhan = sisa margin Murabahah',
  pembiayaan_mudharabah: 'Pembiayaan Mudharabah = sisa modal Mudharabah',
  dana_kebajikan: 'Dana Kebajikan = ta’zir diterima − disalurkan',
  neraca_seimbang: 'Neraca saldo seimbang (debit = kredit)',
  saldo_harian: 'Saldo harian akun = baris jurnal',
  saldo_bulanan: 'Saldo bulanan akun = baris jurnal',
  mutasi_tanpa_jurnal: 'Setiap mutasi pinjaman berjurnal',
};

/** A check counts money events (the events without a journal); every other check is in rupiah. */
export const satuanCek = (cek: CekRekonsiliasi): 'rupiah' | 'mutasi' => (cek === 'mutasi_tanpa_jurnal' ? 'mutasi' : 'rupiah');

/** The sum of the money events of one loan type up to the day. */
export interface MutasiPerTipe {
  tipe: 'pokok' | 'non-pokok';
  parts: MutasiParts;
}

/**
 * Each checked role's balance (debits less credits) that money events of loan type `tipe` with
 * these (summed) parts post, by the rules of `jurnalMutasi`, read as the loans' figures: the
 * receivable holds the Murabahah principal and margin still on the books (what the customer owes
 * of the selling price, a loan written off excluded), tangguhan the margin on the books not yet
 * earned, the Mudharabah financing the capital on the books not yet returned. Linear in the parts
 * and independent of the events' kinds (a property test holds it to `jurnalMutasi`).
 */
export function saldoPeranDariMutasi(tipe: 'pokok' | 'non-pokok', parts: MutasiParts) {
  const { sisa_pokok_buku, sisa_margin_buku } = balancesOfParts(parts);
  return {
    piutang_murabahah: (tipe === 'pokok' ? sisa_pokok_buku : 0) + sisa_margin_buku,
    margin_tangguhan: 0 - sisa_margin_buku,
    pembiayaan_mudharabah: tipe === 'non-pokok' ? sisa_pokok_buku : 0,
  };
}

/** An account as the reconciliation reads it. */
export interface AkunRekonsiliasi {
  kode: string;
  nama: string;
  saldo_normal: SaldoNormal;
}

/** The figures of the books and of the money as of the day, as the server reads them in one snapshot. */
export interface AngkaRekonsiliasi {
  /** Σ of the money events dated up to the day, per loan type. */
  mutasi: readonly MutasiPerTipe[];
  /** The dana kebajikan's entries dated up to the day: ta'zir collected, disbursed. */
  danaKebajikan: { masuk: number; keluar: number };
  /** The account each checked role posts to. */
  /**
   * The account each checked role posts to now, and every account it has posted to (`semua_kode`,
   * the current one included: the institution may remap a role; the role's balance is theirs).
   */
  akunPeran: Readonly<Record<CekPeran, AkunRekonsiliasi & { semua_kode?: readonly string[] }>>;
  /** Every account with a posting or a kept balance, each figure debits less credits. */
  akun: ReadonlyArray<
    AkunRekonsiliasi & {
      /** The balance up to the day as the trial balance reads it (months before from the monthly balances, the month's days from the daily ones). */
      saldo: number;
      /** Σ of its daily balances up to the day. */
      harian: number;
      /** Σ of its lines up to the day. */
      baris: number;
      /** Σ of its monthly balances of the months before the day's month. */
      bulanan: number;
      /** Σ of its lines dated before the day's month. */
      baris_sebelum_bulan: number;
    }
  >;
  /** Money events dated up to the day whose journal is missing (events whose journal has no line are not counted). */
  mutasiTanpaJurnal: number;
}

/** One check's outcome: what the money says (`seharusnya`), what the books hold (`tercatat`), their difference. */
export interface HasilCek {
  cek: CekRekonsiliasi;
  /** The account compared (a role's account, or an account whose kept balance differs from its lines). */
  akun_kode: string | null;
  seharusnya: number;
  tercatat: number;
  /** tercatat − seharusnya: positive when the books hold more than the money says. */
  selisih: number;
  cocok: boolean;
}

const hasil = (cek: CekRekonsiliasi, akun_kode: string | null, seharusnya: number, tercatat: number): HasilCek => ({
  cek,
  akun_kode,
  seharusnya,
  tercatat,
  selisih: tercatat - seharusnya,
  cocok: tercatat === seharusnya,
});

/** A debit-less-credit figure on the account's own side (a credit balance as a positive amount). */
const onNormalSide = (akun: AkunRekonsiliasi, saldo: number) => (akun.saldo_normal === 'kredit' ? 0 - saldo : saldo);

/**
 * The checks of the day from its figures, in the order of `cekRekonsiliasi`. The kept balances
 * give one row per account that differs from its lines, or one row for all of them (the total of
 * the debit balances both ways) when none does.
 */
export function hasilRekonsiliasi(angka: AngkaRekonsiliasi): HasilCek[] {
  const expected: Record<CekPeran, number> = {
    piutang_murabahah: 0,
    margin_tangguhan: 0,
    pembiayaan_mudharabah: 0,
    dana_kebajikan: angka.danaKebajikan.keluar - angka.danaKebajikan.masuk,
  };
  for (const { tipe, parts } of angka.mutasi) {
    const saldo = saldoPeranDariMutasi(tipe, parts);
    expected.piutang_murabahah += saldo.piutang_murabahah;
    expected.margin_tangguhan += saldo.margin_tangguhan;
    expected.pembiayaan_mudharabah += saldo.pembiayaan_mudharabah;
  }
  const byKode = new Map(angka.akun.map((a) => [a.kode, a]));
  const rows: HasilCek[] = cekPeran.map((cek) => {
    const akun = angka.akunPeran[cek];
    const saldo = (akun.semua_kode ?? [akun.kode]).reduce((total, kode) => total + (byKode.get(kode)?.saldo ?? 0), 0);
    return hasil(cek, akun.kode, onNormalSide(akun, expected[cek]), onNormalSide(akun, saldo));
  });

  const debit = angka.akun.reduce((total, a) => total + Math.max(a.saldo, 0), 0);
  const kredit = angka.akun.reduce((total, a) => total + Math.max(-a.saldo, 0), 0);
  rows.push(hasil('neraca_seimbang', null, kredit, debit));

  for (const [cek, kept, lines] of [
    ['saldo_harian', 'harian', 'baris'],
    ['saldo_bulanan', 'bulanan', 'baris_sebelum_bulan'],
  ] as const) {
    const differing = angka.akun.filter((a) => a[kept] !== a[lines]);
    if (differing.length > 0) rows.push(...differing.map((a) => hasil(cek, a.kode, a[lines], a[kept])));
    else {
      const debits = (figure: typeof kept | typeof lines) => angka.akun.reduce((sum, a) => sum + Math.max(a[figure], 0), 0);
      rows.push(hasil(cek, null, debits(lines), debits(kept)));
    }
  }

  rows.push(hasil('mutasi_tanpa_jurnal', null, 0, angka.mutasiTanpaJurnal));
  return rows;
}

/** The reconciliation's texts (added: issue 48 item 5). */
export const rekonsiliasiMessages = {
  /** 403: only an administrator runs it by hand. */
  hanyaAdmin: 'Hanya admin yang dapat menjalankan rekonsiliasi pembukuan',
  /** 400: a day after today has no books yet. */
  tanggalMasaDepan: 'Tanggal rekonsiliasi tidak boleh setelah hari ini',
};
