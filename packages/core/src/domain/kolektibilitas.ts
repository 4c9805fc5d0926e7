/**
 * Kolektibilitas (collectibility classes) from days past due, and the portfolio figures built on
 * them: NPF gross and net, PAR 30, required provision (PPAP). Sources and worked examples:
 * docs/domain.md ("Kolektibilitas and portfolio quality").
 */
import { divRoundHalfUp, toBasisPoints, BASIS_POINTS_PER_UNIT } from './money';

/** The five classes reported to SLIK: 1 Lancar … 5 Macet. */
export const kolektibilitasValues = [1, 2, 3, 4, 5] as const;
export type Kolektibilitas = (typeof kolektibilitasValues)[number];

export const kolektibilitasLabels: Record<Kolektibilitas, string> = {
  1: 'Lancar',
  2: 'Dalam Perhatian Khusus',
  3: 'Kurang Lancar',
  4: 'Diragukan',
  5: 'Macet',
};

/** Short names for badges and cards. */
export const kolektibilitasShortLabels: Record<Kolektibilitas, string> = {
  1: 'Lancar',
  2: 'DPK',
  3: 'Kurang Lancar',
  4: 'Diragukan',
  5: 'Macet',
};

/**
 * One band of the classification: loans whose days past due are at most `sampai_hari` (and more
 * than the band before) take `kelas`. The last band has no upper bound (`null`).
 */
export interface KolektibilitasBand {
  kelas: Kolektibilitas;
  sampai_hari: number | null;
}

/** The classification an institution applies. */
export interface KolektibilitasSetting {
  bands: KolektibilitasBand[];
  /** Every loan of one customer takes the worst class among them (POJK 24/2024 Pasal 4). */
  satu_nasabah_satu_kualitas: boolean;
  /** Required provision per class, in percent of the outstanding principal (PPAP). */
  ppap_persen: Record<Kolektibilitas, number>;
}

/** PPAP of POJK 1 Tahun 2024 (BPR): 0.5 / 3 / 10 / 50 / 100 % of the outstanding principal. */
export const PPAP_BPR: Record<Kolektibilitas, number> = { 1: 0.5, 2: 3, 3: 10, 4: 50, 5: 100 };

/** A named preset of the settings screen. */
export interface KolektibilitasPreset {
  id: 'ojk-bank' | 'bprs' | 'kspps';
  nama: string;
  /** The text it is read from (docs/domain.md cites it). */
  sumber: string;
  /** What is not confirmed from that text, shown with the preset; null when all is. */
  catatan: string | null;
  setting: KolektibilitasSetting;
}

/**
 * OJK's classes of bank financing (syariah included), as reported to SLIK: 0 days → Lancar,
 * 1–90 → DPK, 91–120 → Kurang Lancar, 121–180 → Diragukan, over 180 → Macet.
 */
export const OJK_BANK_BANDS: KolektibilitasBand[] = [
  { kelas: 1, sampai_hari: 0 },
  { kelas: 2, sampai_hari: 90 },
  { kelas: 3, sampai_hari: 120 },
  { kelas: 4, sampai_hari: 180 },
  { kelas: 5, sampai_hari: null },
];

export const kolektibilitasPresets: KolektibilitasPreset[] = [
  {
    id: 'ojk-bank',
    nama: 'OJK — pembiayaan bank (bawaan)',
    sumber: 'POJK 40/POJK.03/2019; POJK 16/POJK.03/2014 (bank umum syariah)',
    catatan: null,
    setting: { bands: OJK_BANK_BANDS, satu_nasabah_satu_kualitas: false, ppap_persen: PPAP_BPR },
  },
  {
    id: 'bprs',
    nama: 'BPR Syariah (POJK 24 Tahun 2024)',
    sumber: 'POJK 24 Tahun 2024 tentang Kualitas Aset BPR Syariah (Pasal 4: satu nasabah satu kualitas)',
    catatan:
      'Satu nasabah satu kualitas sesuai Pasal 4. Batas hari memakai golongan pembiayaan bank OJK karena lampiran POJK 24/2024 belum diperiksa; sesuaikan bila berbeda.',
    setting: { bands: OJK_BANK_BANDS, satu_nasabah_satu_kualitas: true, ppap_persen: PPAP_BPR },
  },
  {
    id: 'kspps',
    nama: 'Koperasi syariah (KSPPS, tanpa DPK)',
    sumber: 'Peraturan kementerian koperasi tentang penilaian kesehatan KSPPS (empat golongan)',
    catatan: 'Batas hari belum dikonfirmasi dari teks peraturan kementerian; sesuaikan dengan pedoman koperasi Anda.',
    setting: {
      bands: [
        { kelas: 1, sampai_hari: 90 },
        { kelas: 3, sampai_hari: 180 },
        { kelas: 4, sampai_hari: 270 },
        { kelas: 5, sampai_hari: null },
      ],
      satu_nasabah_satu_kualitas: false,
      ppap_persen: PPAP_BPR,
    },
  },
];

/** The preset a setting equals (same bands, grade rule and provisions), or null for one of its own. */
export function presetOf(setting: KolektibilitasSetting): KolektibilitasPreset['id'] | null {
  const same = (a: KolektibilitasSetting, b: KolektibilitasSetting) =>
    a.satu_nasabah_satu_kualitas === b.satu_nasabah_satu_kualitas &&
    a.bands.length === b.bands.length &&
    a.bands.every((band, i) => band.kelas === b.bands[i]!.kelas && band.sampai_hari === b.bands[i]!.sampai_hari) &&
    kolektibilitasValues.every((k) => Number(a.ppap_persen[k]) === Number(b.ppap_persen[k]));
  return kolektibilitasPresets.find((p) => same(p.setting, setting))?.id ?? null;
}

/** The setting a new installation starts with: OJK's bank classes. */
export const defaultKolektibilitasSetting: KolektibilitasSetting = kolektibilitasPresets[0]!.setting;

/**
 * Why a band list cannot be used, in Indonesian; null when it can: at least two bands, classes
 * rising from 1 to 5, bounds whole days rising strictly from 0 or more, only the last unbounded.
 */
export function bandsProblem(bands: readonly KolektibilitasBand[]): string | null {
  if (bands.length < 2) return 'Minimal dua golongan kolektibilitas';
  if (bands[0]!.kelas !== 1) return 'Golongan pertama harus Lancar (1)';
  if (bands.at(-1)!.kelas !== 5) return 'Golongan terakhir harus Macet (5)';
  for (let i = 0; i < bands.length; i += 1) {
    const band = bands[i]!;
    const last = i === bands.length - 1;
    if (last) {
      if (band.sampai_hari !== null) return 'Golongan Macet tidak punya batas atas';
      break;
    }
    if (band.sampai_hari === null || !Number.isInteger(band.sampai_hari) || band.sampai_hari < 0)
      return 'Batas hari harus bilangan bulat 0 atau lebih';
    const next = bands[i + 1]!;
    if (next.kelas <= band.kelas) return 'Golongan harus naik dari Lancar ke Macet';
    if (next.sampai_hari !== null && next.sampai_hari <= band.sampai_hari) return 'Batas hari harus naik berurutan';
  }
  return null;
}

/** The class of a loan `hariTunggakan` days past due under `bands`. */
export function classify(hariTunggakan: number, bands: readonly KolektibilitasBand[] = OJK_BANK_BANDS): Kolektibilitas {
  for (const band of bands) if (band.sampai_hari === null || hariTunggakan <= band.sampai_hari) return band.kelas;
  return 5;
}

/**
 * The class of a loan: by its days past due, except that a loan staff declared `macet` (the
 * specification's status) is class 5, Macet, whatever its days (a judgemental downgrade, as POJK
 * 24/2024 lets an institution grade worse than the days say). One word, one meaning (issue 47): a
 * loan can no longer show "Kol. 4 · Diragukan" beside a "Macet" badge.
 */
export function classOfLoan(
  hariTunggakan: number,
  status: string,
  bands: readonly KolektibilitasBand[] = OJK_BANK_BANDS,
): Kolektibilitas {
  // Declared macet, or written off (only a class 5 loan can be): class 5 whatever its days late.
  return status === 'macet' || status === 'hapus_buku' ? 5 : classify(hariTunggakan, bands);
}

/** The worst (highest) class of several; 1 for none. */
export function worstClass(classes: Iterable<Kolektibilitas>): Kolektibilitas {
  let worst: Kolektibilitas = 1;
  for (const c of classes) if (c > worst) worst = c;
  return worst;
}

/** A running loan of a customer, for "one customer, one grade". */
export interface GradedLoan {
  id: number;
  nasabah_id: number;
  hari_tunggakan: number;
  /** A loan declared macet is class 5 (`classOfLoan`). */
  status?: string;
}

/**
 * "One customer, one grade" (POJK 24/2024 Pasal 4): every running loan of a customer takes the
 * class of the customer's loan furthest past due, the worst of their classes (classes never
 * improve as days grow, so the worst class is the class of the most days). Returns each loan's
 * class by id.
 */
export function customerGrades(
  loans: Iterable<GradedLoan>,
  bands: readonly KolektibilitasBand[] = OJK_BANK_BANDS,
): Map<number, Kolektibilitas> {
  const list = [...loans];
  const worst = new Map<number, Kolektibilitas>();
  for (const loan of list) {
    const own = classOfLoan(loan.hari_tunggakan, loan.status ?? 'aktif', bands);
    worst.set(loan.nasabah_id, worstClass([worst.get(loan.nasabah_id) ?? 1, own]));
  }
  return new Map(list.map((loan) => [loan.id, worst.get(loan.nasabah_id)!]));
}

/** One loan as the portfolio sees it. */
export interface PortfolioLoan {
  /** Outstanding principal (`sisa_pokok`). */
  outstanding: number;
  kolektibilitas: Kolektibilitas;
  hari_tunggakan: number;
}

export interface PortfolioClass {
  kelas: Kolektibilitas;
  jumlah_pinjaman: number;
  outstanding: number;
  /** Required provision of the class, whole rupiah (half up). */
  ppap: number;
}

export interface PortfolioFigures {
  outstanding: number;
  jumlah_pinjaman: number;
  per_kelas: PortfolioClass[];
  /** Outstanding of classes 3–5. */
  outstanding_bermasalah: number;
  /** Outstanding of loans more than 30 days past due (`isPortfolioAtRisk`). */
  outstanding_par30: number;
  ppap_total: number;
  /** Ratios in percent with two decimals (null for an empty portfolio). */
  npf_gross: number | null;
  npf_net: number | null;
  par30: number | null;
}

/**
 * PAR 30 (portfolio at risk): the outstanding of loans with an instalment past due **more than** 30
 * days (CGAP's definition, as the Laporan has always said), one boundary for the dashboard, the
 * reports and the month-end snapshots (issue 47: the dashboard counted 30 days as well).
 */
export const PAR_HARI = 30;
export const isPortfolioAtRisk = (hariTunggakan: number) => hariTunggakan > PAR_HARI;

/** A part of a whole in percent, two decimals, half up; null when the whole is 0. */
export function ratioPercent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Number(divRoundHalfUp(BigInt(part) * 10_000n, BigInt(whole))) / 100;
}

/** The provision of `outstanding` at `percent` %, whole rupiah, half up. */
export function provision(outstanding: number, percent: number): number {
  return Number(divRoundHalfUp(BigInt(outstanding) * BigInt(toBasisPoints(percent)), BASIS_POINTS_PER_UNIT));
}

/** A portfolio already summed per class (SQL, a snapshot): what `figuresOfTotals` needs. */
export interface PortfolioTotals {
  /** Loans and outstanding principal per class; a class missing counts as none. */
  per_kelas: readonly { kelas: Kolektibilitas; jumlah_pinjaman: number; outstanding: number }[];
  /** Outstanding of loans more than 30 days past due (`isPortfolioAtRisk`). */
  outstanding_par30: number;
}

/** Sums loans per class: the totals `figuresOfTotals` reads. */
export function portfolioTotals(loans: Iterable<PortfolioLoan>): PortfolioTotals {
  const per = kolektibilitasValues.map((kelas) => ({ kelas, jumlah_pinjaman: 0, outstanding: 0 }));
  let par30 = 0;
  for (const loan of loans) {
    const bucket = per[loan.kolektibilitas - 1]!;
    bucket.jumlah_pinjaman += 1;
    bucket.outstanding += loan.outstanding;
    if (isPortfolioAtRisk(loan.hari_tunggakan)) par30 += loan.outstanding;
  }
  return { per_kelas: per, outstanding_par30: par30 };
}

/** NPF gross and net, PAR 30 and PPAP of a portfolio summed per class. */
export function figuresOfTotals(
  totals: PortfolioTotals,
  ppapPersen: Record<Kolektibilitas, number> = PPAP_BPR,
): PortfolioFigures {
  const perKelas = kolektibilitasValues.map((kelas) => {
    const found = totals.per_kelas.filter((c) => c.kelas === kelas);
    const jumlah_pinjaman = found.reduce((sum, c) => sum + c.jumlah_pinjaman, 0);
    const outstanding = found.reduce((sum, c) => sum + c.outstanding, 0);
    return { kelas, jumlah_pinjaman, outstanding, ppap: provision(outstanding, ppapPersen[kelas]) };
  });
  const outstanding = perKelas.reduce((sum, c) => sum + c.outstanding, 0);
  const bad = perKelas.filter((c) => c.kelas >= 3);
  const badOutstanding = bad.reduce((sum, c) => sum + c.outstanding, 0);
  const badProvision = bad.reduce((sum, c) => sum + c.ppap, 0);
  return {
    outstanding,
    jumlah_pinjaman: perKelas.reduce((sum, c) => sum + c.jumlah_pinjaman, 0),
    per_kelas: perKelas,
    outstanding_bermasalah: badOutstanding,
    outstanding_par30: totals.outstanding_par30,
    ppap_total: perKelas.reduce((sum, c) => sum + c.ppap, 0),
    npf_gross: ratioPercent(badOutstanding, outstanding),
    npf_net: ratioPercent(Math.max(0, badOutstanding - badProvision), outstanding),
    par30: ratioPercent(totals.outstanding_par30, outstanding),
  };
}

/** NPF gross and net, PAR 30 and PPAP of active loans (deleted and lunas loans are left out by the caller). */
export function portfolioFigures(
  loans: Iterable<PortfolioLoan>,
  ppapPersen: Record<Kolektibilitas, number> = PPAP_BPR,
): PortfolioFigures {
  return figuresOfTotals(portfolioTotals(loans), ppapPersen);
}
