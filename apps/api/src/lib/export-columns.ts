import { labelOf, tipePinjamanLabels } from '@mizan/core';
import type { ExportColumn } from './spreadsheet';

// The columns the exports and reports share, each with the header and width it has in every file
// (a loan's number, its customer, an amount…), so that the same value looks the same everywhere.
// Read as `import * as column from '…/lib/export-columns'`: `column.loanNumber((p) => p.nomor_pinjaman)`.

type Value<Row, T> = (row: Row) => T;

/** The loan's number ('No. Pinjaman'). */
export const loanNumber = <Row>(value: Value<Row, string>): ExportColumn<Row> => ({
  header: 'No. Pinjaman',
  kind: 'kode',
  value,
  width: 16,
});

/** The customer's name beside a loan or payment ('Nasabah'). */
export const customerName = <Row>(value: Value<Row, string>): ExportColumn<Row> => ({
  header: 'Nasabah',
  kind: 'teks',
  value,
  width: 28,
});

/** The customer's NIK. */
export const nik = <Row>(value: Value<Row, string | null>): ExportColumn<Row> => ({
  header: 'NIK',
  kind: 'kode',
  value,
  width: 20,
});

/** The customer's phone number ('Telepon'). */
export const phone = <Row>(value: Value<Row, string | null>): ExportColumn<Row> => ({
  header: 'Telepon',
  kind: 'kode',
  value,
  width: 16,
});

/** The loan's type by its label ('Tipe': Murabahah, Mudharabah). */
export const loanType = <Row>(tipe: Value<Row, string>): ExportColumn<Row> => ({
  header: 'Tipe',
  kind: 'teks',
  value: (row) => labelOf(tipePinjamanLabels, tipe(row)),
});

/** An amount in rupiah, 18 characters wide unless `width` says otherwise. */
export const rupiah = <Row>(header: string, value: Value<Row, number | null>, width = 18): ExportColumn<Row> => ({
  header,
  kind: 'rupiah',
  value,
  width,
});

/** An instant (when something was recorded), as the Jakarta date and time. */
export const time = <Row>(header: string, value: Value<Row, string>): ExportColumn<Row> => ({
  header,
  kind: 'waktu',
  value,
  width: 18,
});
