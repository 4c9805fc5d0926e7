import { PassThrough, type Writable } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { ExportFormat } from '@mizan/core';
import { formatDateTime } from '@mizan/core';
import { validationFailed } from './errors';
import { csvText } from './csv-text';

/**
 * How a column's values are written: text as text; `kode` (an identifier: NIK, phone, loan and
 * receipt numbers) as text a spreadsheet keeps digit for digit; `rupiah` and `angka` as numbers
 * (rupiah with the `Rp` format in XLSX); `tanggal` ('YYYY-MM-DD') as a date; `waktu` (an ISO
 * instant) as the Jakarta date and time. In CSV every text is written with `csvText`: nothing a
 * spreadsheet would run as a formula, no identifier it would read as a number.
 */
export type ColumnKind = 'teks' | 'kode' | 'angka' | 'rupiah' | 'persen' | 'tanggal' | 'waktu';

export interface ExportColumn<Row> {
  header: string;
  kind: ColumnKind;
  value(row: Row): string | number | null;
  /** Width in characters in XLSX (a guess from the header otherwise). */
  width?: number;
}

/** What an export writes: title rows, the columns, and the rows in batches (the list's pages). */
export interface ExportSpec<Row> {
  /** The institution's name, the first title row. */
  institution: string;
  /** The list or report, e.g. 'Data Nasabah'; also the sheet's name. */
  title: string;
  /** The filters and sort applied, as people read them ('Status: Aktif'); none → 'Semua data'. */
  filters: string[];
  columns: readonly ExportColumn<Row>[];
  batches: AsyncIterable<readonly Row[]>;
  /** Small tables after the main one (a report's summaries): more sheets in XLSX, more blocks in CSV. */
  more?: readonly ExtraTable[];
  /** The file's name without extension, ASCII (e.g. 'nasabah-2026-11-26'). */
  fileName: string;
  now: Date;
}

/** A small table of a report, held in memory: its name, columns and rows. */
export interface ExtraTable {
  title: string;
  columns: readonly ExportColumn<never>[];
  rows: readonly unknown[];
}

/** An ExtraTable with its rows' type checked against its columns. */
export const extraTable = <Row>(title: string, columns: readonly ExportColumn<Row>[], rows: readonly Row[]): ExtraTable =>
  ({ title, columns, rows }) as unknown as ExtraTable;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const numberFormats: Partial<Record<ColumnKind, string>> = {
  kode: '@',
  rupiah: '"Rp"#,##0',
  angka: '#,##0',
  persen: '0.00',
  tanggal: 'dd/mm/yyyy',
  waktu: 'dd/mm/yyyy hh:mm',
};
const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;

/** A 'YYYY-MM-DD' day as the Date exceljs writes as that day (its serials are UTC-based). */
const excelDate = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);
/** An instant as the Date exceljs writes as its Jakarta wall-clock time. */
const excelJakartaTime = (instant: string) => new Date(new Date(instant).getTime() + JAKARTA_OFFSET_MS);
/** An instant as CSV text: 'YYYY-MM-DD HH:MM' in Jakarta. */
const csvJakartaTime = (instant: string) => excelJakartaTime(instant).toISOString().slice(0, 16).replace('T', ' ');

function xlsxCell(kind: ColumnKind, value: string | number | null): ExcelJS.CellValue {
  if (value === null || value === '') return null;
  if (kind === 'tanggal') return excelDate(String(value));
  if (kind === 'waktu') return excelJakartaTime(String(value));
  return value;
}

function csvCell(kind: ColumnKind, value: string | number | null): string | number {
  if (value === null) return '';
  if (kind === 'waktu') return csvJakartaTime(String(value));
  return typeof value === 'string' ? csvText(value, kind === 'kode') : value;
}

/** The title rows every export starts with (issue 26 B): institution, name, filters, time of export. */
function titleLines(spec: ExportSpec<unknown>): string[] {
  return [
    spec.institution,
    spec.title,
    `Filter: ${spec.filters.length > 0 ? spec.filters.join('; ') : 'Semua data'}`,
    `Diekspor: ${formatDateTime(spec.now)} WIB`,
  ];
}

/** Waits while the reader is behind, so that a slow download holds the server's memory to a buffer. */
async function drained(stream: Writable) {
  if (stream.writableNeedDrain) await once(stream, 'drain');
}

/** Rows written between two turns of the event loop: about 20 ms of the server's thread. */
const XLSX_SLICE_ROWS = 250;

/**
 * Waits until the zip has taken the sheet's XML written so far. exceljs's streaming writer pipes a
 * sheet into the zip without heeding backpressure: the XML waits uncompressed in the entry's
 * PassThrough (a readable-stream v3 one) while zlib compresses on the thread pool, 40 MB for
 * 100 000 customers. Reaches into exceljs's `worksheet.stream.pipes` (exceljs 4.4, pinned in
 * package.json); without that shape it only does not wait.
 */
type ZipEntryStream = NodeJS.EventEmitter & { _writableState?: { needDrain?: boolean } };
async function sheetCompressed(sheet: ExcelJS.Worksheet) {
  const entry = (sheet as unknown as { stream?: { pipes?: ZipEntryStream[] } }).stream?.pipes?.[0];
  while (entry?._writableState?.needDrain) await once(entry, 'drain');
}

/** Between two slices of rows: the zip has taken the XML, the reader is not behind, and the loop had a turn. */
async function nextSlice(sheet: ExcelJS.Worksheet, out: PassThrough) {
  await sheetCompressed(sheet);
  await drained(out);
  await new Promise<void>((resolve) => setImmediate(resolve));
}

/** A worksheet with the title rows, a blank row and the bold header frozen above the rows. */
function startSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  titles: readonly string[],
  columns: readonly ExportColumn<never>[],
) {
  const sheet = workbook.addWorksheet(name.slice(0, 31), { views: [{ state: 'frozen', ySplit: titles.length + 2 }] });
  sheet.columns = columns.map((column) => ({
    width: column.width ?? Math.max(12, column.header.length + 4),
    style: numberFormats[column.kind] ? { numFmt: numberFormats[column.kind] } : {},
  }));
  titles.forEach((line, index) => {
    const row = sheet.addRow([line]);
    row.font = index <= 1 ? { bold: true, size: index === 0 ? 14 : 12 } : { italic: true };
    row.commit();
  });
  sheet.addRow([]).commit();
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  return sheet;
}

async function writeXlsx<Row>(
  spec: ExportSpec<Row>,
  first: readonly Row[],
  rest: AsyncIterator<readonly Row[]>,
  out: PassThrough,
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = spec.institution;
  workbook.created = spec.now;
  const titles = titleLines(spec as ExportSpec<unknown>);
  const sheet = startSheet(workbook, spec.title, titles, spec.columns);
  let batch: readonly Row[] | undefined = first;
  while (batch) {
    for (let start = 0; start < batch.length; start += XLSX_SLICE_ROWS) {
      for (const row of batch.slice(start, start + XLSX_SLICE_ROWS))
        sheet.addRow(spec.columns.map((column) => xlsxCell(column.kind, column.value(row)))).commit();
      await nextSlice(sheet, out);
    }
    const next = await rest.next();
    batch = next.done ? undefined : next.value;
  }
  sheet.commit();
  for (const table of spec.more ?? []) {
    const extra = startSheet(
      workbook,
      table.title,
      [titles[0]!, `${spec.title}: ${table.title}`, ...titles.slice(2)],
      table.columns,
    );
    for (let start = 0; start < table.rows.length; start += XLSX_SLICE_ROWS) {
      for (const row of table.rows.slice(start, start + XLSX_SLICE_ROWS))
        extra.addRow(table.columns.map((column) => xlsxCell(column.kind, column.value(row as never)))).commit();
      await nextSlice(extra, out);
    }
    extra.commit();
  }
  await workbook.commit();
}

/** One CSV chunk per batch: a write per record would make as many tiny writes to the socket. */
async function writeCsv<Row>(
  spec: ExportSpec<Row>,
  first: readonly Row[],
  rest: AsyncIterator<readonly Row[]>,
  out: PassThrough,
) {
  const lines = (records: (string | number)[][]) => stringify(records, { record_delimiter: '\r\n' });
  const texts = (values: readonly string[]) => values.map((value) => csvText(value));
  out.write(
    '\uFEFF' +
      lines([
        ...titleLines(spec as ExportSpec<unknown>).map((line) => texts([line])),
        [],
        texts(spec.columns.map((column) => column.header)),
      ]),
  );
  let batch: readonly Row[] | undefined = first;
  while (batch) {
    if (batch.length > 0)
      out.write(lines(batch.map((row) => spec.columns.map((column) => csvCell(column.kind, column.value(row))))));
    await drained(out);
    const next = await rest.next();
    batch = next.done ? undefined : next.value;
  }
  for (const table of spec.more ?? [])
    out.write(
      lines([
        [],
        texts([table.title]),
        texts(table.columns.map((column) => column.header)),
        ...table.rows.map((row) => table.columns.map((column) => csvCell(column.kind, column.value(row as never)))),
      ]),
    );
  out.end();
}

/**
 * Sends a list or report as an XLSX or CSV file, written while its rows are read (issue 26 B): the
 * first batch is read before anything is sent, so a failure there is still an ordinary JSON error;
 * a failure later aborts the response (the browser's download fails rather than ending short) and
 * is logged.
 */
export async function sendSpreadsheet<Row>(reply: FastifyReply, format: ExportFormat, spec: ExportSpec<Row>) {
  const rest = spec.batches[Symbol.asyncIterator]();
  const first = await rest.next();
  const out = new PassThrough();
  const write = format === 'xlsx' ? writeXlsx : writeCsv;
  write(spec, first.done ? [] : first.value, rest, out).catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed while streaming');
    out.destroy(error as Error);
  });
  return reply
    .header('content-type', format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${spec.fileName}.${format}"`)
    .header('cache-control', 'no-store')
    .send(out);
}

/**
 * Most rows an export read page by page may hold: OFFSET walks every row before a page, so the
 * last pages of a larger list would cost seconds each and hold the thread (PGlite) meanwhile.
 * Lists read by key (`nasabahBatch`) have no such limit.
 */
export const MAX_PAGED_EXPORT_ROWS = 100_000;

/**
 * Rows of a list read page after page (`limit` each) until a short page, from the list's own
 * service; refused with a 400 before anything is sent when the list holds more than
 * MAX_PAGED_EXPORT_ROWS.
 */
export async function* pagesOf<Row>(
  readPage: (page: number, limit: number) => Promise<{ rows: readonly Row[]; total?: number }>,
  limit = 1000,
) {
  for (let page = 1; ; page += 1) {
    const { rows, total } = await readPage(page, limit);
    if (page === 1 && total !== undefined && total > MAX_PAGED_EXPORT_ROWS)
      throw validationFailed(
        [],
        `Data terlalu banyak untuk satu file (${total.toLocaleString('id-ID')} baris, maksimal ${MAX_PAGED_EXPORT_ROWS.toLocaleString('id-ID')}). Persempit filter, misalnya per bulan atau per status.`,
      );
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
  }
}

/** The filters of an export as title text: each given one as 'Label: value', absent ones left out. */
export function filterLines(entries: readonly (readonly [label: string, value: string | number | undefined | null])[]): string[] {
  return entries
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([label, value]) => `${label}: ${value}`);
}

/** A file name for an export: `<name>-<Jakarta day>`. */
export const exportFileName = (name: string, today: string) => `${name}-${today}`;
