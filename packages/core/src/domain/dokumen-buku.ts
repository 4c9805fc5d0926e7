/**
 * The books' printed reports (issue 48): Jurnal, Buku Besar, Bagan Akun and Neraca Saldo on A4,
 * under the institution's header like every other document (domain/dokumen.ts).
 */
import type { Dokumen, KopDokumen } from '../schemas/dokumen';
import type { Akun, BukuBesar, JurnalEntry, NeracaSaldo } from '../schemas/akuntansi';
import { formatDateLong, formatDateShort } from '../format/date';
import { formatRupiah } from '../format/rupiah';
import { kelompokAkun, kelompokAkunLabels, peranAkunLabels, saldoNormalLabels } from './jurnal';
import { dicetak, rincian, tabel, teks } from './dokumen-parts';
import { fileNamePart } from './dokumen';

/** An amount in a debit or credit column: blank when nothing. */
const amount = (value: number) => (value === 0 ? '' : formatRupiah(value));

const report = (judul: string, kop: KopDokumen, now: Date, bagian: Dokumen['bagian'], nama_file: string): Dokumen => ({
  judul,
  nomor: null,
  tanda: null,
  keterangan_tanda: null,
  kop,
  bagian,
  tanda_tangan: [],
  catatan_kaki: null,
  ...dicetak(now),
  nama_file,
});

/** A period as the reports say it: "1 Juni 2024 – 30 Juni 2024", or "Semua tanggal". */
export function periodeTeks(dari: string | null | undefined, sampai: string | null | undefined): string {
  if (dari && sampai) return `${formatDateLong(dari)} – ${formatDateLong(sampai)}`;
  if (dari) return `Sejak ${formatDateLong(dari)}`;
  if (sampai) return `Sampai ${formatDateLong(sampai)}`;
  return 'Semua tanggal';
}

/**
 * The journals (Jurnal), newest first as on the screen: each journal's date, number and what it
 * was for on one row, its lines (account, debit, credit) under it; `filters` as the screen says them.
 */
export function jurnalDokumen(journals: readonly JurnalEntry[], filters: readonly string[], kop: KopDokumen, now: Date): Dokumen {
  const rows: string[][] = [];
  let debit = 0;
  let kredit = 0;
  for (const j of journals) {
    rows.push([formatDateShort(j.tanggal), j.nomor, j.keterangan, '', '']);
    for (const b of j.baris) {
      // Credit lines indented, as a journal is written by hand.
      rows.push(['', '', `${b.kredit > 0 ? '      ' : '   '}${b.kode} ${b.nama}`, amount(b.debit), amount(b.kredit)]);
      debit += b.debit;
      kredit += b.kredit;
    }
  }
  return report(
    'JURNAL',
    kop,
    now,
    [
      rincian(null, [
        ['Filter', filters.length > 0 ? filters.join('; ') : 'Semua jurnal'],
        ['Jumlah jurnal', String(journals.length)],
      ]),
      journals.length > 0
        ? tabel(
            null,
            [
              ['Tanggal', false, 1],
              ['No. Jurnal', false, 1.1],
              ['Keterangan / Akun', false, 3.6],
              ['Debit', true, 1.4],
              ['Kredit', true, 1.4],
            ],
            rows,
            ['', '', 'Jumlah', formatRupiah(debit), formatRupiah(kredit)],
          )
        : teks('Tidak ada jurnal yang sesuai dengan filter ini.'),
    ],
    'Jurnal.pdf',
  );
}

/** One account's ledger over a whole period (Buku Besar): opening balance, every line with the running balance, closing balance. */
export function bukuBesarDokumen(
  ledger: Omit<BukuBesar, 'pagination' | 'saldo_awal_halaman'>,
  kop: KopDokumen,
  now: Date,
): Dokumen {
  const { akun } = ledger;
  return report(
    'BUKU BESAR',
    kop,
    now,
    [
      rincian(null, [
        ['Akun', `${akun.kode} ${akun.nama}`, true],
        ['Kelompok', kelompokAkunLabels[akun.kelompok]],
        ['Saldo normal', saldoNormalLabels[akun.saldo_normal]],
        ['Periode', periodeTeks(ledger.dari, ledger.sampai)],
      ]),
      tabel(
        null,
        [
          ['Tanggal', false, 1],
          ['No. Jurnal', false, 1.1],
          ['Keterangan', false, 3],
          ['Debit', true, 1.3],
          ['Kredit', true, 1.3],
          ['Saldo', true, 1.4],
        ],
        [
          ['', '', 'Saldo awal', '', '', formatRupiah(ledger.saldo_awal)],
          ...ledger.baris.map((b) => [
            formatDateShort(b.tanggal),
            b.nomor,
            b.keterangan,
            amount(b.debit),
            amount(b.kredit),
            formatRupiah(b.saldo),
          ]),
        ],
        [
          '',
          '',
          'Jumlah dan saldo akhir',
          formatRupiah(ledger.total_debit),
          formatRupiah(ledger.total_kredit),
          formatRupiah(ledger.saldo_akhir),
        ],
      ),
    ],
    `Buku-Besar-${fileNamePart(akun.kode)}-${ledger.dari}-sd-${ledger.sampai}.pdf`,
  );
}

/** The posting roles of an account in plain words, or a dash. */
export const peranTeks = (peran: Akun['peran']) => (peran.length > 0 ? peran.map((p) => peranAkunLabels[p]).join('; ') : '-');

/** The chart of accounts (Bagan Akun), one table per group. */
export function baganAkunDokumen(chart: readonly Akun[], kop: KopDokumen, now: Date): Dokumen {
  return report(
    'BAGAN AKUN',
    kop,
    now,
    kelompokAkun
      .map((kelompok) => ({ kelompok, accounts: chart.filter((a) => a.kelompok === kelompok) }))
      .filter((group) => group.accounts.length > 0)
      .map(({ kelompok, accounts }) =>
        tabel(
          kelompokAkunLabels[kelompok],
          [
            ['Kode', false, 0.8],
            ['Nama akun', false, 3],
            ['Saldo normal', false, 1.1],
            ['Aktif', false, 0.7],
            ['Menampung', false, 3],
          ],
          accounts.map((a) => [a.kode, a.nama, saldoNormalLabels[a.saldo_normal], a.aktif ? 'Ya' : 'Tidak', peranTeks(a.peran)]),
          null,
        ),
      ),
    'Bagan-Akun.pdf',
  );
}

/** The trial balance (Neraca Saldo) as of its day, with its totals and whether they are equal. */
export function neracaSaldoDokumen(neraca: NeracaSaldo, kop: KopDokumen, now: Date): Dokumen {
  const selisih = Math.abs(neraca.total_debit - neraca.total_kredit);
  return {
    ...report(
      'NERACA SALDO',
      kop,
      now,
      [
        rincian(null, [['Per tanggal', formatDateLong(neraca.tanggal), true]]),
        neraca.baris.length > 0
          ? tabel(
              null,
              [
                ['Kode', false, 0.8],
                ['Akun', false, 3.2],
                ['Kelompok', false, 1.6],
                ['Debit', true, 1.5],
                ['Kredit', true, 1.5],
              ],
              neraca.baris.map((b) => [b.kode, b.nama, kelompokAkunLabels[b.kelompok], amount(b.debit), amount(b.kredit)]),
              ['', 'Jumlah', '', formatRupiah(neraca.total_debit), formatRupiah(neraca.total_kredit)],
            )
          : teks('Belum ada jurnal sampai tanggal ini.'),
        teks(
          neraca.seimbang
            ? 'Seimbang: jumlah debit sama dengan jumlah kredit.'
            : `Tidak seimbang: selisih ${formatRupiah(selisih)}.`,
        ),
      ],
      `Neraca-Saldo-${neraca.tanggal}.pdf`,
    ),
    tanda_tangan: [
      { peran: 'Dibuat oleh', nama: null },
      { peran: 'Diperiksa oleh', nama: null },
    ],
  };
}
