/**
 * Reads an uploaded spreadsheet (issue 26 C): XLSX with exceljs, CSV with csv-parse (comma or
 * semicolon, as Excel writes it in Indonesia), into the rows of the template's columns. A file that
 * is not a spreadsheet, has no data or lacks a required column is refused with one message.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { headerKey, IMPOR_MAX_ROWS, imporMessages, kolomImpor, type JenisImpor, type KolomImpor } from '@mizan/core';
import { AppError } from '../../lib/errors';
import { nextTurn } from '../../db/job-runs';
import { csvTextRead } from '../../lib/csv-text';

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

/**
 * The rows of one worksheet as the streaming reader hands them over, a turn for other requests
 * every 1 000 rows. The sheet is always read to its end (the zip is one stream); a sheet that
 * cannot be imported answers why.
 */
async function sheetRows(jenis: JenisImpor, worksheet: AsyncIterable<ExcelJS.Row>): Promise<ImporSheet | AppError | null> {
  let columns: KolomImpor[] | null = null;
  let positions: number[] = [];
  let problem: AppError | null = null;
  const rows: ImporRow[] = [];
  let seen = 0;
  for await (const row of worksheet) {
    seen += 1;
    if (seen % 1000 === 0) await nextTurn();
    if (problem) continue;
    if (columns === null) {
      // The header is the sheet's first row.
      const headers: unknown[] = [];
      for (let c = 1; c <= row.cellCount; c += 1) headers.push(cellValue(row.getCell(c).value).value);
      try {
        ({ columns, positions } = columnsOf(jenis, row.number === 1 ? headers : []));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        problem = error;
      }
      continue;
    }
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
    if (rows.length >= IMPOR_MAX_ROWS) problem = refuse(imporMessages.tooManyRows);
    else rows.push({ baris: row.number, cells, formulas });
  }
  if (problem) return problem;
  return columns === null ? null : { columns, rows };
}

/**
 * An XLSX file read with exceljs's streaming reader: rows are handed over one by one (a whole
 * workbook parsed at once held the server's thread for seconds at 100 000 rows). The template's
 * sheet "Data", else the first sheet that is not the instructions; every sheet is read through,
 * as the zip is one stream.
 */
async function readXlsxOnce(jenis: JenisImpor, data: Buffer): Promise<ImporSheet> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let chosen: ImporSheet | null = null;
  let chosenIsData = false;
  let refused: AppError | null = null;
  try {
    for await (const worksheet of reader) {
      const name = (worksheet as unknown as { name: string }).name.trim().toLowerCase();
      const wanted = name === 'data' ? !chosenIsData : chosen === null && name !== 'petunjuk';
      if (!wanted) {
        for await (const row of worksheet) void row;
        continue;
      }
      const sheet = await sheetRows(jenis, worksheet);
      if (sheet instanceof AppError) refused = sheet;
      else if (sheet) {
        chosen = sheet;
        chosenIsData = name === 'data';
      }
    }
  } catch {
    throw new Unreadable();
  }
  if (!chosen) throw refused ?? refuse(imporMessages.noData);
  if (chosen.rows.length === 0) throw refuse(imporMessages.noData);
  return chosen;
}

/** The zip of an XLSX file could not be read (see readXlsx). */
class Unreadable extends Error {}

/**
 * exceljs's streaming reader now and then fails on a valid file: its zip reader (unzipper) hands
 * over the entries in a race with the reading of each (exceljs#3064, exceljs#962), which CI met once
 * in some hundred reads of a file that read well before and after. Reading is free of side effects,
 * so the same bytes are read again; a file that is not a spreadsheet fails every time and is refused.
 */
async function readXlsx(jenis: JenisImpor, data: Buffer): Promise<ImporSheet> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await readXlsxOnce(jenis, data);
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      if (attempt === 3) throw refuse(imporMessages.notSpreadsheet);
    }
  }
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
      // A leading apostrophe is the spreadsheets' text mark (our own CSV exports write one), not data.
      const cell = record[positions[i]!];
      const value = cell === undefined ? null : csvTextRead(cell);
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
