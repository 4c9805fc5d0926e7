/**
 * The content of the printed documents (issue 25), built once here and rendered by the server
 * (PDF) and the browser (print view) alike, so that both say exactly the same.
 */
import type { Dokumen, KopDokumen } from '../schemas/dokumen';
import { formatDateLong, formatDateShort, formatDateTime } from '../format/date';
import { dicetak, rincian, tabel, teks } from './dokumen-parts';
import { formatRupiah } from '../format/rupiah';
import { formatPercent } from '../format/percent';
import { jenisPembayaranLabels, statusPinjamanLabels } from '../format/labels';
import { terbilangRupiah } from './terbilang';
import { calculateMurabahah, isValidDurasi } from './murabahah';
import { mudharabahProfitPerPeriod } from './mudharabah';
import type { InstalmentState, LedgerInstalment, LedgerSummary } from './ledger';
import { isDisbursed, type JenisPembayaran, type StatusPinjamanFilter, type TipePinjaman } from './types';
import { summarizeNasabah } from './balances';
import { sumRupiah } from './money';

/** The akad each loan type stands for (docs/glossary.md): pokok is a Murabahah, non-pokok a Mudharabah. */
export const akadLabels: Record<TipePinjaman, string> = { pokok: 'Murabahah', 'non-pokok': 'Mudharabah' };

/** The receipt number as printed: KW/2026/000123 (six digits at least). */
export function nomorKwitansi(tahun: number, urut: number): string {
  return `KW/${tahun}/${String(urut).padStart(6, '0')}`;
}

/** The footer a receipt carries when the institution wrote none in its profile. */
export const DEFAULT_CATATAN_KWITANSI = 'Kwitansi ini adalah bukti pembayaran yang sah. Simpanlah dengan baik.';

/** What a payment receipt says (issue 25). */
export interface KwitansiData {
  tahun: number;
  urut: number;
  /** Payment date, 'YYYY-MM-DD'. */
  tanggal: string;
  jumlah: number;
  jenis: JenisPembayaran;
  angsuran_ke: number | null;
  keterangan: string | null;
  nasabah: { nama: string; nik: string | null; alamat: string | null };
  pinjaman: { id: number; nomor_pinjaman: string; tipe: TipePinjaman };
  /** Principal still outstanding once this payment (and every earlier one) is counted. */
  sisa_pokok_setelah: number;
  /** The staff member who recorded it. */
  petugas: string | null;
  /** The payment (or its loan) was deleted: the receipt prints as BATAL. */
  batal: boolean;
  /** This is the n-th time the receipt is produced; from the second on it is a SALINAN. */
  cetakan_ke: number;
  /** An early settlement's payment (issue 27 B): what was not collected, beside what was paid. */
  pelunasan?: { margin_tidak_ditagih: number; khasm: number } | null;
}

/** File names: letters, digits and dashes only (a receipt number's slashes become dashes). */
export function fileNamePart(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'dokumen'
  );
}

/** What the payment was for: "Angsuran ke-3", "Bagi Hasil", "Pelunasan". */
export function untukPembayaran(jenis: JenisPembayaran, angsuranKe: number | null): string {
  const label = jenisPembayaranLabels[jenis];
  return jenis === 'angsuran' && angsuranKe !== null ? `${label} ke-${angsuranKe}` : label;
}

/**
 * The payment receipt (Kwitansi Pembayaran): number, date, customer, loan, what for, the amount in
 * figures and in words, principal outstanding after it, who recorded it, places to sign; BATAL when
 * the payment was deleted, else SALINAN with the print time from its second print on.
 */
export function kwitansiDokumen(data: KwitansiData, kop: KopDokumen, catatan: string | null, now: Date): Dokumen {
  const nomor = nomorKwitansi(data.tahun, data.urut);
  const tanda = data.batal ? 'BATAL' : data.cetakan_ke > 1 ? 'SALINAN' : null;
  const dicetak = formatDateTime(now);
  return {
    judul: 'KWITANSI PEMBAYARAN',
    nomor,
    tanda,
    keterangan_tanda:
      tanda === 'BATAL'
        ? 'Pembayaran ini telah dihapus; kwitansi ini tidak berlaku'
        : tanda === 'SALINAN'
          ? `Cetakan ke-${data.cetakan_ke}, ${dicetak}`
          : null,
    kop,
    bagian: [
      rincian(null, [
        ['Tanggal', formatDateLong(data.tanggal)],
        ['Telah terima dari', data.nasabah.nama, true],
        ['NIK', data.nasabah.nik ?? '-'],
        ['Alamat', data.nasabah.alamat ?? '-'],
        ['Untuk pembayaran', `${untukPembayaran(data.jenis, data.angsuran_ke)} pinjaman ${data.pinjaman.nomor_pinjaman}`],
        ['Jenis pinjaman', akadLabels[data.pinjaman.tipe]],
        ...(data.keterangan ? ([['Keterangan', data.keterangan]] as [string, string][]) : []),
      ]),
      {
        jenis: 'jumlah',
        judul: null,
        baris: [{ label: 'Jumlah', nilai: formatRupiah(data.jumlah), tebal: true }],
        teks: terbilangRupiah(data.jumlah),
        kolom: [],
        sel: [],
        total: null,
      },
      ...(data.pelunasan
        ? [
            rincian('Rincian Pelunasan Dipercepat', [
              ['Jumlah pelunasan', formatRupiah(data.jumlah + data.pelunasan.khasm)],
              ['Potongan (khasm)', formatRupiah(data.pelunasan.khasm)],
              ['Dibayar', formatRupiah(data.jumlah), true],
              [
                'Margin tidak ditagih (waktu belum dilalui, Fatwa DSN-MUI 153/2022)',
                formatRupiah(data.pelunasan.margin_tidak_ditagih),
              ],
            ]),
          ]
        : []),
      rincian(null, [
        ['Sisa pokok setelah pembayaran ini', formatRupiah(data.sisa_pokok_setelah)],
        ['Dicatat oleh', data.petugas ?? '-'],
      ]),
    ],
    tanda_tangan: [
      { peran: 'Penyetor', nama: data.nasabah.nama },
      { peran: 'Petugas', nama: data.petugas },
    ],
    catatan_kaki: catatan?.trim() ? catatan.trim() : DEFAULT_CATATAN_KWITANSI,
    dicetak_pada: now.toISOString(),
    dicetak_pada_teks: dicetak,
    nama_file: `Kwitansi-${fileNamePart(nomor)}${data.batal ? '-BATAL' : data.cetakan_ke > 1 ? '-SALINAN' : ''}.pdf`,
  };
}

/** The labels of an instalment's state on a printed schedule. */
export const instalmentStateLabels: Record<InstalmentState, string> = {
  lunas: 'Lunas',
  sebagian: 'Sebagian',
  belum: 'Belum Bayar',
  terlambat: 'Terlambat',
};

/** A loan as its documents print it. */
export interface DokumenPinjaman {
  id: number;
  nomor_pinjaman: string;
  tipe: TipePinjaman;
  jumlah: number;
  persentase: number;
  durasi_angsuran: number | null;
  tanggal_pinjam: string;
  status: StatusPinjamanFilter;
  jaminan: string | null;
  sisa_pokok: number;
  total_pembayaran: number;
  /** Ta'zir agreed in the akad (issue 27 C), or none. */
  tazir?: { jumlah: number; tenggang_hari: number } | null;
  /** Rescheduled (issue 27 D): its schedule is no longer the akad's term. */
  dijadwalkan_ulang?: boolean;
}

/** A customer as the documents print them. */
export interface DokumenNasabah {
  nama: string;
  nik: string | null;
  alamat: string | null;
  telepon: string | null;
}

const nasabahRows = (n: DokumenNasabah): [string, string, boolean?][] => [
  ['Nasabah', n.nama, true],
  ['NIK', n.nik ?? '-'],
  ['Alamat', n.alamat ?? '-'],
];

/**
 * The repayment schedule (Jadwal Angsuran) a customer keeps: every instalment with its due date,
 * its parts, what was paid of it and its state on `ledger.tanggal`, from the collections ledger.
 */
export function jadwalDokumen(
  pinjaman: DokumenPinjaman,
  nasabah: DokumenNasabah,
  ledger: { tanggal: string; angsuran: LedgerInstalment[]; ringkasan: LedgerSummary },
  kop: KopDokumen,
  now: Date,
): Dokumen {
  const murabahah = pinjaman.tipe === 'pokok';
  const rows = ledger.angsuran;
  const sum = (pick: (a: LedgerInstalment) => number) => rows.reduce((total, a) => total + pick(a), 0);
  const r = ledger.ringkasan;
  return {
    judul: 'JADWAL ANGSURAN',
    nomor: pinjaman.nomor_pinjaman,
    tanda: null,
    keterangan_tanda: null,
    kop,
    bagian: [
      rincian(null, [
        ...nasabahRows(nasabah),
        ['Pinjaman', `${pinjaman.nomor_pinjaman} · ${akadLabels[pinjaman.tipe]}`],
        ['Tanggal pinjam', formatDateLong(pinjaman.tanggal_pinjam)],
        [murabahah ? 'Harga beli (pokok)' : 'Modal', formatRupiah(pinjaman.jumlah)],
        ...(murabahah && isValidDurasi(pinjaman.durasi_angsuran)
          ? ([
              [
                'Jangka waktu',
                pinjaman.dijadwalkan_ulang
                  ? `${pinjaman.durasi_angsuran} bulan (akad); dijadwalkan ulang menjadi ${rows.length} angsuran`
                  : `${pinjaman.durasi_angsuran} bulan`,
              ],
            ] as [string, string][])
          : []),
      ]),
      tabel(
        null,
        [
          ['Ke', false, 0.5],
          ['Jatuh tempo', false, 1.2],
          ['Pokok', true, 1.3],
          [murabahah ? 'Margin' : 'Bagi hasil', true, 1.2],
          ['Jumlah', true, 1.3],
          ['Terbayar', true, 1.3],
          ['Status', false, 1.1],
        ],
        rows.map((a) => [
          String(a.angsuran_ke),
          formatDateShort(a.jatuh_tempo),
          formatRupiah(a.pokok),
          formatRupiah(murabahah ? a.margin : a.bagi_hasil),
          formatRupiah(a.jumlah),
          formatRupiah(a.terbayar),
          instalmentStateLabels[a.status],
        ]),
        [
          '',
          'Total',
          formatRupiah(sum((a) => a.pokok)),
          formatRupiah(sum((a) => (murabahah ? a.margin : a.bagi_hasil))),
          formatRupiah(sum((a) => a.jumlah)),
          formatRupiah(sum((a) => a.terbayar)),
          '',
        ],
      ),
      ...(sum((a) => a.tidak_ditagih) > 0
        ? [
            rincian('Ditutup dengan pelunasan', [
              ['Terbayar', formatRupiah(sum((a) => a.terbayar))],
              [
                'Tidak ditagih',
                `${formatRupiah(sum((a) => a.tidak_ditagih))} (margin waktu yang belum dilalui dan potongan, bila ada)`,
              ],
            ]),
          ]
        : []),
      rincian(`Posisi per ${formatDateLong(ledger.tanggal)}`, [
        ['Status pinjaman', statusPinjamanLabels[pinjaman.status]],
        ['Sisa pokok', formatRupiah(pinjaman.sisa_pokok)],
        [
          'Tunggakan',
          r.tunggakan_total > 0
            ? `${formatRupiah(r.tunggakan_total)} (${r.angsuran_tertunggak} angsuran, ${r.hari_tunggakan} hari)`
            : 'Tidak ada',
        ],
        [
          'Angsuran berikutnya',
          r.jatuh_tempo_berikutnya
            ? `${formatDateLong(r.jatuh_tempo_berikutnya)} · ${formatRupiah(r.jumlah_berikutnya ?? 0)}`
            : '-',
        ],
      ]),
    ],
    tanda_tangan: [],
    catatan_kaki: 'Bayarlah angsuran paling lambat pada tanggal jatuh tempo. Simpan jadwal ini bersama kwitansi pembayaran Anda.',
    ...dicetak(now),
    nama_file: `Jadwal-Angsuran-${fileNamePart(pinjaman.nomor_pinjaman)}.pdf`,
  };
}

/**
 * The one-page akad summary: for a Murabahah the purchase price, margin, selling price, monthly
 * instalment, term and collateral; for a Mudharabah the capital, the profit share and its monthly
 * amount. A summary for the customer, not the akad itself.
 */
export function akadDokumen(
  pinjaman: DokumenPinjaman,
  nasabah: DokumenNasabah,
  kop: KopDokumen,
  petugas: string | null,
  now: Date,
): Dokumen {
  const murabahah = pinjaman.tipe === 'pokok';
  const figures =
    murabahah && isValidDurasi(pinjaman.durasi_angsuran)
      ? calculateMurabahah(pinjaman.jumlah, pinjaman.persentase, pinjaman.durasi_angsuran)
      : null;
  const terms: [string, string, boolean?][] = murabahah
    ? [
        ['Akad', 'Murabahah (jual beli dengan margin yang disepakati)'],
        ['Harga beli (pokok)', formatRupiah(pinjaman.jumlah)],
        [
          'Margin',
          figures
            ? `${formatRupiah(figures.totalProfit)} (${formatPercent(pinjaman.persentase)} per bulan)`
            : `${formatPercent(pinjaman.persentase)} per bulan`,
        ],
        ['Harga jual', figures ? formatRupiah(figures.totalObligation) : '-', true],
        ['Angsuran per bulan', figures ? formatRupiah(figures.monthlyInstalment) : '-', true],
        ['Jangka waktu', figures ? `${figures.durasi} bulan` : '-'],
        ['Jaminan', pinjaman.jaminan ?? '-'],
      ]
    : [
        ['Akad', 'Mudharabah (bagi hasil usaha)'],
        ['Modal', formatRupiah(pinjaman.jumlah), true],
        ['Persentase bagi hasil', `${formatPercent(pinjaman.persentase)} dari modal per bulan`],
        ['Perkiraan bagi hasil per bulan', formatRupiah(mudharabahProfitPerPeriod(pinjaman.jumlah, pinjaman.persentase)), true],
        ['Jaminan', pinjaman.jaminan ?? '-'],
      ];
  return {
    judul: 'RINGKASAN AKAD PEMBIAYAAN',
    nomor: pinjaman.nomor_pinjaman,
    tanda: null,
    keterangan_tanda: null,
    kop,
    bagian: [
      rincian('Nasabah', [...nasabahRows(nasabah), ['Telepon', nasabah.telepon ?? '-']]),
      rincian('Pembiayaan', [
        ['Nomor pinjaman', pinjaman.nomor_pinjaman],
        ['Tanggal akad', formatDateLong(pinjaman.tanggal_pinjam)],
        ...terms,
        [
          'Ta’zir (sanksi keterlambatan)',
          pinjaman.tazir
            ? `${formatRupiah(pinjaman.tazir.jumlah)} per angsuran yang dibayar lebih dari ${pinjaman.tazir.tenggang_hari} hari setelah jatuh tempo, bila nasabah mampu tetapi menunda; disalurkan sebagai dana sosial, bukan pendapatan (Fatwa DSN-MUI No. 17/DSN-MUI/IX/2000)`
            : 'Tidak ada',
        ],
      ]),
      ...(figures
        ? [
            {
              ...rincian(null, []),
              jenis: 'jumlah' as const,
              baris: [{ label: 'Harga jual', nilai: formatRupiah(figures.totalObligation), tebal: true }],
              teks: terbilangRupiah(figures.totalObligation),
            },
          ]
        : []),
      teks(
        murabahah
          ? 'Harga jual dan angsuran tetap selama jangka waktu pembiayaan. Ringkasan ini bukan pengganti akad; ketentuan lengkap ada pada akad yang ditandatangani kedua pihak.'
          : 'Bagi hasil yang sebenarnya mengikuti hasil usaha menurut nisbah dalam akad; angka di atas adalah perkiraan. Ringkasan ini bukan pengganti akad; ketentuan lengkap ada pada akad yang ditandatangani kedua pihak.',
      ),
    ],
    tanda_tangan: [
      { peran: 'Nasabah', nama: nasabah.nama },
      { peran: `Untuk ${kop.nama}`, nama: petugas },
    ],
    catatan_kaki: null,
    ...dicetak(now),
    nama_file: `Ringkasan-Akad-${fileNamePart(pinjaman.nomor_pinjaman)}.pdf`,
  };
}

/** One payment on a customer's statement. */
export interface RiwayatPembayaran {
  tanggal: string;
  nomor_kwitansi: string | null;
  nomor_pinjaman: string;
  jenis: JenisPembayaran;
  angsuran_ke: number | null;
  jumlah: number;
}

/** A loan on a customer's statement: what its documents print, and what the customer still owes on it. */
export interface RiwayatPinjaman extends DokumenPinjaman {
  /** The loan's stored position (core `loanPosition`): what is still owed, as the customer page shows it. */
  sisa_kewajiban: number;
}

/** A settlement on a customer's statement: what it did not charge (issue 47). */
export interface RiwayatPelunasan {
  nomor_pinjaman: string;
  tanggal: string;
  /** What the settlement payment paid. */
  dibayar: number;
  /** Margin not charged: the months not begun (fatwa 153/2022) and the khasm (core `loanPosition`). */
  margin_tidak_ditagih: number;
  /** Of it, the khasm granted (0 when none, or a settlement recorded as a plain payment). */
  khasm: number;
  /** Principal the settlement closed without collecting it. */
  pokok_tidak_tertagih: number;
}

/**
 * The customer statement (Riwayat Nasabah): every living loan and every payment on them, the
 * settlements with the margin they did not charge and the khasm, and the totals of the customer
 * page (core `summarizeNasabah`: a rejected loan is not the customer's, one not disbursed owes
 * nothing; Sisa Pinjaman is what the customer still owes).
 */
export function riwayatDokumen(
  nasabah: DokumenNasabah,
  pinjaman: RiwayatPinjaman[],
  pembayaran: RiwayatPembayaran[],
  kop: KopDokumen,
  now: Date,
  pelunasan: readonly RiwayatPelunasan[] = [],
): Dokumen {
  const totals = summarizeNasabah(pinjaman, pembayaran);
  const disbursed = pinjaman.filter((p) => isDisbursed(p.status));
  const totalSisaPokok = sumRupiah(disbursed.map((p) => p.sisa_pokok));
  const anyRejected = pinjaman.some((p) => p.status === 'ditolak');
  const tidakDitagih = sumRupiah(pelunasan.map((p) => p.margin_tidak_ditagih));
  const khasm = sumRupiah(pelunasan.map((p) => p.khasm));
  const owed = (p: RiwayatPinjaman, value: number) => (isDisbursed(p.status) ? formatRupiah(value) : '-');
  return {
    judul: 'RIWAYAT NASABAH',
    nomor: null,
    tanda: null,
    keterangan_tanda: null,
    kop,
    bagian: [
      rincian(null, [...nasabahRows(nasabah), ['Telepon', nasabah.telepon ?? '-']]),
      tabel(
        `Pinjaman (${pinjaman.length})`,
        [
          ['Nomor', false, 1.4],
          ['Akad', false, 1.1],
          ['Tanggal', false, 1],
          ['Pokok', true, 1.3],
          ['Status', false, 1],
          ['Sisa pokok', true, 1.3],
          ['Sisa kewajiban', true, 1.3],
        ],
        pinjaman.map((p) => [
          p.nomor_pinjaman,
          akadLabels[p.tipe],
          formatDateShort(p.tanggal_pinjam),
          formatRupiah(p.jumlah),
          statusPinjamanLabels[p.status],
          owed(p, p.sisa_pokok),
          owed(p, p.sisa_kewajiban),
        ]),
        [
          anyRejected ? 'Total (tanpa yang ditolak)' : 'Total',
          '',
          '',
          formatRupiah(totals.totalPinjaman),
          '',
          formatRupiah(totalSisaPokok),
          formatRupiah(totals.sisaPinjaman),
        ],
      ),
      tabel(
        `Pembayaran (${pembayaran.length})`,
        [
          ['Tanggal', false, 1],
          ['No. kwitansi', false, 1.5],
          ['Pinjaman', false, 1.4],
          ['Untuk', false, 1.4],
          ['Jumlah', true, 1.3],
        ],
        pembayaran.map((p) => [
          formatDateShort(p.tanggal),
          p.nomor_kwitansi ?? '-',
          p.nomor_pinjaman,
          untukPembayaran(p.jenis, p.angsuran_ke),
          formatRupiah(p.jumlah),
        ]),
        ['Total', '', '', '', formatRupiah(totals.totalPembayaran)],
      ),
      ...(pelunasan.length > 0
        ? [
            tabel(
              `Pelunasan Dipercepat (${pelunasan.length})`,
              [
                ['Pinjaman', false, 1.4],
                ['Tanggal', false, 1],
                ['Dibayar', true, 1.3],
                ['Margin tidak ditagih', true, 1.4],
                ['Potongan (khasm)', true, 1.3],
              ],
              pelunasan.map((p) => [
                p.nomor_pinjaman,
                formatDateShort(p.tanggal),
                formatRupiah(p.dibayar),
                formatRupiah(p.margin_tidak_ditagih),
                formatRupiah(p.khasm),
              ]),
              [
                'Total',
                '',
                formatRupiah(sumRupiah(pelunasan.map((p) => p.dibayar))),
                formatRupiah(tidakDitagih),
                formatRupiah(khasm),
              ],
            ),
            teks(
              'Margin tidak ditagih: margin waktu yang belum dilalui saat pelunasan (Fatwa DSN-MUI No. 153/DSN-MUI/VI/2022) ditambah potongan (khasm) yang diberikan; tidak menjadi kewajiban nasabah.' +
                (pelunasan.some((p) => p.pokok_tidak_tertagih > 0)
                  ? ` Pokok yang ditutup tanpa dibayar: ${formatRupiah(sumRupiah(pelunasan.map((p) => p.pokok_tidak_tertagih)))}.`
                  : ''),
            ),
          ]
        : []),
      rincian('Ringkasan', [
        ['Total pinjaman', formatRupiah(totals.totalPinjaman)],
        ['Total pembayaran', formatRupiah(totals.totalPembayaran)],
        ...(pelunasan.length > 0 ? ([['Margin tidak ditagih', formatRupiah(tidakDitagih)]] as [string, string][]) : []),
        ['Sisa pokok', formatRupiah(totalSisaPokok)],
        ['Sisa pinjaman (masih harus dibayar)', formatRupiah(totals.sisaPinjaman), true],
      ]),
    ],
    tanda_tangan: [],
    catatan_kaki: null,
    ...dicetak(now),
    nama_file: `Riwayat-Nasabah-${fileNamePart(nasabah.nama)}.pdf`,
  };
}
