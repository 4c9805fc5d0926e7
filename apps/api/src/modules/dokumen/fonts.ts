import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

/**
 * The documents' typeface: Noto Sans (SIL Open Font License), regular and bold, from
 * @fontsource/noto-sans. Its Latin subset covers Indonesian and the punctuation the documents
 * use (–, —, ·, …). The package ships WOFF; pdfkit's font reader inflates a WOFF table with a
 * JavaScript inflater every time a document opens it (40 ms of a 50 ms receipt, measured), so the
 * fonts are unwrapped to plain TrueType once per process with node's zlib (WOFF 1.0, W3C
 * Recommendation 2012: a header, a table directory, each table zlib-compressed or stored).
 */
const require = createRequire(import.meta.url);

export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: Buffer; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? zlib.inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('WOFF table of the wrong length');
    tables.push({ tag: woff.subarray(entry, entry + 4), checksum: woff.readUInt32BE(entry + 16), data });
  }
  const header = 12 + 16 * numTables;
  const padded = (n: number) => (n + 3) & ~3;
  const size = tables.reduce((sum, t) => sum + padded(t.data.length), header);
  const out = Buffer.alloc(size);
  const entrySelector = Math.floor(Math.log2(numTables));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(16 * 2 ** entrySelector, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(16 * numTables - 16 * 2 ** entrySelector, 10);
  let offset = header;
  tables.forEach((table, i) => {
    const record = 12 + 16 * i;
    table.tag.copy(out, record);
    out.writeUInt32BE(table.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(out, offset);
    offset += padded(table.data.length);
  });
  return out;
}

let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** Noto Sans regular and bold as TrueType, read and unwrapped once per process. */
export function documentFonts() {
  fonts ??= {
    regular: woffToSfnt(fs.readFileSync(require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'))),
    bold: woffToSfnt(fs.readFileSync(require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'))),
  };
  return fonts;
}
