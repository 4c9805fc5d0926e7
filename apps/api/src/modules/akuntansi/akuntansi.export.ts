import {
  formatDateLong,
  kelompokAkunLabels,
  peranTeks,
  periodeTeks,
  saldoNormalLabels,
  type Akun,
  type BarisBukuBesar,
  type BukuBesar,
  type JurnalEntry,
  type NeracaSaldo,
} from '@mizan/core';
import type { ExportColumn } from '../../lib/spreadsheet';
import * as column from '../../lib/export-columns';

// The books as files (issue 48): Jurnal, Buku Besar, Bagan Akun and Neraca Saldo, with the writer of
// docs/decisions/exports.md (amounts as numbers, dates as dates).

type JurnalLine = { jurnal: JurnalEntry; baris: JurnalEntry['baris'][number] };

const jurnalColumns: readonly ExportColumn<JurnalLine>[] = [
  { header: 'Tanggal', kind: 'tanggal', value: (r) => r.jurnal.tanggal, width: 12 },
  { header: 'No. Jurnal', kind: 'kode', value: (r) => r.jurnal.nomor, width: 12 },
  { header: 'Keterangan', kind: 'teks', value: (r) => r.jurnal.keterangan, width: 44 },
  column.loanNumber((r) => r.jurnal.nomor_pinjaman ?? ''),
  { header: 'Kode Akun', kind: 'kode', value: (r) => r.baris.kode, width: 10 },
  { header: 'Nama Akun', kind: 'teks', value: (r) => r.baris.nama, width: 36 },
  column.rupiah('Debit', (r) => r.baris.debit || null),
  column.rupiah('Kredit', (r) => r.baris.kredit || null),
];

/** The journals as a file: a row per line, each carrying its journal's date, number and description. */
export function jurnalExport(filters: string[], batches: AsyncIterable<readonly JurnalEntry[]>) {
  return {
    title: 'Jurnal',
    name: 'jurnal',
    filters,
    columns: jurnalColumns,
    batches: (async function* () {
      for await (const journals of batches) yield journals.flatMap((jurnal) => jurnal.baris.map((baris) => ({ jurnal, baris })));
    })(),
  };
}

type LedgerRow = Omit<BarisBukuBesar, 'id' | 'jurnal_id' | 'pinjaman_id' | 'tanggal' | 'nomor' | 'debit' | 'kredit'> & {
  tanggal: string | null;
  nomor: string | null;
  debit: number | null;
  kredit: number | null;
};

const ledgerColumns: readonly ExportColumn<LedgerRow>[] = [
  { header: 'Tanggal', kind: 'tanggal', value: (r) => r.tanggal, width: 12 },
  { header: 'No. Jurnal', kind: 'kode', value: (r) => r.nomor, width: 12 },
  { header: 'Keterangan', kind: 'teks', value: (r) => r.keterangan, width: 44 },
  column.rupiah('Debit', (r) => r.debit || null),
  column.rupiah('Kredit', (r) => r.kredit || null),
  column.rupiah('Saldo', (r) => r.saldo, 20),
];

/** An account's ledger as a file: the opening balance, every line with its running balance, the totals and closing balance. */
export function bukuBesarExport(head: BukuBesar, batches: AsyncIterable<readonly BarisBukuBesar[]>) {
  const { akun } = head;
  return {
    title: 'Buku Besar',
    name: `buku-besar-${akun.kode}-${head.dari}-sd-${head.sampai}`,
    dated: true,
    filters: [
      `Akun: ${akun.kode} ${akun.nama}`,
      `Saldo normal: ${saldoNormalLabels[akun.saldo_normal]}`,
      `Periode: ${periodeTeks(head.dari, head.sampai)}`,
    ],
    columns: ledgerColumns,
    batches: (async function* () {
      const mark = { tanggal: null, nomor: null, debit: null, kredit: null };
      yield [{ ...mark, keterangan: 'Saldo awal', saldo: head.saldo_awal }];
      for await (const lines of batches) yield lines;
      yield [
        {
          ...mark,
          keterangan: 'Jumlah dan saldo akhir',
          debit: head.total_debit,
          kredit: head.total_kredit,
          saldo: head.saldo_akhir,
        },
      ];
    })(),
  };
}

const akunColumns: readonly ExportColumn<Akun>[] = [
  { header: 'Kode', kind: 'kode', value: (a) => a.kode, width: 10 },
  { header: 'Nama Akun', kind: 'teks', value: (a) => a.nama, width: 44 },
  { header: 'Kelompok', kind: 'teks', value: (a) => kelompokAkunLabels[a.kelompok], width: 22 },
  { header: 'Saldo Normal', kind: 'teks', value: (a) => saldoNormalLabels[a.saldo_normal], width: 14 },
  { header: 'Aktif', kind: 'teks', value: (a) => (a.aktif ? 'Ya' : 'Tidak'), width: 8 },
  { header: 'Menampung', kind: 'teks', value: (a) => peranTeks(a.peran), width: 48 },
];

/** The chart of accounts as a file, by code. */
export function baganAkunExport(chart: Akun[]) {
  return {
    title: 'Bagan Akun',
    name: 'bagan-akun',
    filters: [],
    columns: akunColumns,
    batches: (async function* () {
      yield chart;
    })(),
  };
}

type NeracaRow = Pick<NeracaSaldo['baris'][number], 'debit' | 'kredit'> & {
  kode: string | null;
  nama: string;
  kelompok: string | null;
};

const neracaColumns: readonly ExportColumn<NeracaRow>[] = [
  { header: 'Kode', kind: 'kode', value: (r) => r.kode, width: 10 },
  { header: 'Akun', kind: 'teks', value: (r) => r.nama, width: 44 },
  { header: 'Kelompok', kind: 'teks', value: (r) => r.kelompok, width: 22 },
  column.rupiah('Debit', (r) => r.debit || null, 20),
  column.rupiah('Kredit', (r) => r.kredit || null, 20),
];

/** The trial balance as a file: each account's balance on its side, then the totals. */
export function neracaSaldoExport(neraca: NeracaSaldo) {
  return {
    title: 'Neraca Saldo',
    name: `neraca-saldo-${neraca.tanggal}`,
    dated: true,
    filters: [`Per tanggal: ${formatDateLong(neraca.tanggal)}`],
    columns: neracaColumns,
    batches: (async function* () {
      yield [
        ...neraca.baris.map((b) => ({ ...b, kelompok: kelompokAkunLabels[b.kelompok] })),
        { kode: null, nama: 'Jumlah', kelompok: null, debit: neraca.total_debit, kredit: neraca.total_kredit },
      ];
    })(),
  };
}
