/**
 * Reads an uploaded spreadsheet (issue 26 C): XLSX with exceljs, CSV with csv-parse (comma or
 * semicolon, as Excel writes it in Indonesia), into the rows of the template's columns. A file that
 * is not a spreadsheet, has no data or lacks a required column is refused with one message.
 */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { headerKey, IMPOR_MAX_ROWS, imporMessages, kolomImpor, type JenisImpor, type KolomImpor } from '@mizan/core';
import { AppError } from '../../lib/errors';

/** One data row: its spreadsheet row number (the header is row 1), its cells by column key. */
export interface ImporRow {
  baris: number;
  cells: Record<string, unknown>;
  /** Keys of the cells that held a formula. */
  formulas: string[];
}

export interface ImporSheet {
  /** The template columns the file has, in the file's order. */
  columns: KolomImpor[];
  rows: ImporRow[];
}

const refuse = (message: string) => new AppError(400, message);

/** What a cell holds, as a plain value: text of rich text and links, `formula` for a formula. */
function cellValue(value: ExcelJS.CellValue): { value: unknown; formula: boolean } {
  if (value === null || value === undefined) return { value: null, formula: false };
  if (typeof value !== 'object' || value instanceof Date) return { value, formula: false };
  if ('formula' in value || 'sharedFormula' in value) return { value: null, formula: true };
  if ('richText' in value) return { value: value.richText.map((r) => r.text).join(''), formula: false };
  if ('text' in value) return { value: typeof value.text === 'string' ? value.text : '', formula: false };
  if ('error' in value) return { value: String(value.error), formula: false };
  return { value: String(value), formula: false };
}

/** The template's columns found in a header row; refuses when a required one is missing. */
function columnsOf(jenis: JenisImpor, headers: unknown[]): { columns: KolomImpor[]; positions: number[] } {
  const byKey = new Map(kolomImpor[jenis].map((k) => [headerKey(k.header), k]));
  const columns: KolomImpor[] = [];
  const positions: number[] = [];
  headers.forEach((header, index) => {
    const column = typeof header === 'string' ? byKey.get(headerKey(header)) : undefined;
    if (column && !columns.includes(column)) {
      columns.push(column);
      positions.push(index);
    }
  });
  const missing = kolomImpor[jenis].filter((k) => k.wajib && !columns.includes(k)).map((k) => k.header);
  if (missing.length > 0) throw refuse(imporMessages.missingHeaders(missing, jenis));
  return { columns, positions };
}

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

async function readXlsx(jenis: JenisImpor, data: Buffer): Promise<ImporSheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw refuse(imporMessages.notSpreadsheet);
  }
  // The template's sheet "Data"; else the first sheet that is not the instructions.
  const sheet =
    workbook.worksheets.find((s) => s.name.trim().toLowerCase() === 'data') ??
    workbook.worksheets.find((s) => s.name.trim().toLowerCase() !== 'petunjuk');
  if (!sheet) throw refuse(imporMessages.noData);
  const headerRow = sheet.getRow(1);
  const headers: unknown[] = [];
  for (let c = 1; c <= headerRow.cellCount; c += 1) headers.push(cellValue(headerRow.getCell(c).value).value);
  const { columns, positions } = columnsOf(jenis, headers);
  const rows: ImporRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    // A turn for other requests every 1 000 rows (PGlite runs on this thread).
    if (r % 1000 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const row = sheet.getRow(r);
    const cells: Record<string, unknown> = {};
    const formulas: string[] = [];
    let blank = true;
    columns.forEach((column, i) => {
      const { value, formula } = cellValue(row.getCell(positions[i]! + 1).value);
      cells[column.key] = value;
      if (formula) formulas.push(column.key);
      if (formula || !isBlank(value)) blank = false;
    });
    if (blank) continue;
    if (rows.length >= IMPOR_MAX_ROWS) throw refuse(imporMessages.tooManyRows);
    rows.push({ baris: r, cells, formulas });
  }
  if (rows.length === 0) throw refuse(imporMessages.noData);
  return { columns, rows };
}

function readCsv(jenis: JenisImpor, data: Buffer): ImporSheet {
  const text = data.toString('utf8');
  // A text file has no NUL and is valid UTF-8 (a replacement character means it was not).
  if (text.includes('\u0000') || text.includes('\uFFFD')) throw refuse(imporMessages.notSpreadsheet);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: string[][];
  try {
    records = parse(text, { bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  } catch {
    throw refuse(imporMessages.notSpreadsheet);
  }
  if (records.length === 0) throw refuse(imporMessages.noData);
  const { columns, positions } = columnsOf(jenis, records[0]!);
  const rows: ImporRow[] = [];
  records.slice(1).forEach((record, index) => {
    const cells: Record<string, unknown> = {};
    const formulas: string[] = [];
    let blank = true;
    columns.forEach((column, i) => {
      const value = record[positions[i]!] ?? null;
      cells[column.key] = value;
      if (!isBlank(value)) blank = false;
    });
    if (blank) return;
    if (rows.length >= IMPOR_MAX_ROWS) throw refuse(imporMessages.tooManyRows);
    rows.push({ baris: index + 2, cells, formulas });
  });
  if (rows.length === 0) throw refuse(imporMessages.noData);
  return { columns, rows };
}

/** The rows of an uploaded file: XLSX by its zip signature, otherwise text read as CSV. */
export async function readSheet(jenis: JenisImpor, data: Buffer): Promise<ImporSheet> {
  if (data.length >= 4 && data.readUInt32BE(0) === 0x504b0304) return readXlsx(jenis, data);
  // The old binary .xls (OLE2) and other binaries are not read.
  if (data.length >= 4 && data.readUInt32BE(0) === 0xd0cf11e0) throw refuse(imporMessages.notSpreadsheet);
  return readCsv(jenis, data);
}
