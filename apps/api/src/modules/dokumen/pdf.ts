import PDFDocument from 'pdfkit';
import type { Dokumen } from '@mizan/core';
import { documentFonts } from './fonts';

/**
 * Renders a document model (core `Dokumen`) to PDF with pdfkit, on one of three papers: A4 for
 * schedules and statements, A5 (half A4) and an 80 mm thermal roll for receipts. A roll has no
 * fixed length: its page ends where the content does.
 */
export type Kertas = 'a4' | 'a5' | '80mm';

interface Paper {
  width: number;
  /** Page height; null: as long as the content (a roll). */
  height: number | null;
  margin: number;
  size: number;
  /** Narrow: a label above its value instead of beside it, signatures one under the other. */
  narrow: boolean;
}

const MM = 72 / 25.4;
const papers: Record<Kertas, Paper> = {
  a4: { width: 595.28, height: 841.89, margin: 40, size: 9, narrow: false },
  a5: { width: 419.53, height: 595.28, margin: 32, size: 9, narrow: false },
  '80mm': { width: 80 * MM, height: null, margin: 4 * MM, size: 7.5, narrow: true },
};

/** The page a roll is laid out on, longer than any receipt. */
const ROLL_LAYOUT_HEIGHT = 4000;

const INK = '#111827';
const MUTED = '#4b5563';
const LINE = '#9ca3af';
const MARK = '#b91c1c';

type Doc = InstanceType<typeof PDFDocument>;

function layout(doc: Doc, d: Dokumen, paper: Paper, logo: Buffer | null) {
  const left = paper.margin;
  const width = paper.width - 2 * paper.margin;
  const s = paper.size;
  doc.fillColor(INK);

  // Kop: logo, name, address line.
  const top = doc.y;
  let textLeft = left;
  if (logo) {
    const side = paper.narrow ? 28 : 40;
    try {
      doc.image(logo, left, top, { fit: [side, side] });
      textLeft = left + side + 8;
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the receipt.
    }
  }
  doc
    .font('bold')
    .fontSize(s + 3)
    .text(d.kop.nama, textLeft, top, { width: left + width - textLeft });
  const contact = [d.kop.alamat, d.kop.telepon ? `Telp. ${d.kop.telepon}` : null, d.kop.email].filter(Boolean).join(' · ');
  if (contact)
    doc
      .font('regular')
      .fontSize(s - 1)
      .fillColor(MUTED)
      .text(contact, textLeft, doc.y, { width: left + width - textLeft });
  doc.fillColor(INK);
  doc.y = Math.max(doc.y, logo ? top + (paper.narrow ? 28 : 40) : doc.y) + 4;
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  doc.y += 8;

  // Title, number, mark.
  doc
    .font('bold')
    .fontSize(s + 4)
    .text(d.judul, left, doc.y, { width, align: 'center' });
  if (d.nomor)
    doc
      .font('regular')
      .fontSize(s + 1)
      .text(`No. ${d.nomor}`, left, doc.y, { width, align: 'center' });
  if (d.tanda) {
    doc
      .moveDown(0.3)
      .font('bold')
      .fontSize(s + 3)
      .fillColor(MARK)
      .text(d.tanda, left, doc.y, { width, align: 'center' });
    if (d.keterangan_tanda)
      doc
        .font('regular')
        .fontSize(s - 1)
        .text(d.keterangan_tanda, left, doc.y, { width, align: 'center' });
    doc.fillColor(INK);
  }
  doc.y += 8;

  const labelWidth = paper.narrow ? width : Math.round(width * 0.36);
  for (const bagian of d.bagian) {
    if (bagian.judul)
      doc
        .font('bold')
        .fontSize(s + 1)
        .text(bagian.judul, left, doc.y, { width })
        .moveDown(0.2);
    if (bagian.jenis === 'rincian') {
      for (const baris of bagian.baris) {
        const y = doc.y;
        doc.font('regular').fontSize(s).fillColor(MUTED);
        if (paper.narrow) {
          doc.text(baris.label, left, y, { width });
          doc
            .fillColor(INK)
            .font(baris.tebal ? 'bold' : 'regular')
            .text(baris.nilai, left, doc.y, { width });
        } else {
          doc.text(baris.label, left, y, { width: labelWidth - 6 });
          const afterLabel = doc.y;
          doc
            .fillColor(INK)
            .font(baris.tebal ? 'bold' : 'regular')
            .text(baris.nilai, left + labelWidth, y, { width: width - labelWidth });
          doc.y = Math.max(doc.y, afterLabel);
        }
        doc.y += 2;
      }
      doc.y += 4;
    } else if (bagian.jenis === 'jumlah') {
      const y = doc.y;
      const figures = bagian.baris[0];
      const inner = width - 16;
      doc.font('bold').fontSize(s + 5);
      const h1 = doc.heightOfString(figures?.nilai ?? '', { width: inner });
      doc.font('regular').fontSize(s);
      const h2 = doc.heightOfString(`Terbilang: ${bagian.teks ?? ''}`, { width: inner });
      const height = h1 + h2 + 16 + (figures ? doc.heightOfString(figures.label, { width: inner }) : 0);
      doc.rect(left, y, width, height).lineWidth(1).strokeColor(INK).stroke();
      doc
        .font('regular')
        .fontSize(s)
        .fillColor(MUTED)
        .text(figures?.label ?? '', left + 8, y + 6, { width: inner });
      doc
        .fillColor(INK)
        .font('bold')
        .fontSize(s + 5)
        .text(figures?.nilai ?? '', left + 8, doc.y, { width: inner });
      doc
        .font('regular')
        .fontSize(s)
        .text(`Terbilang: ${bagian.teks ?? ''}`, left + 8, doc.y + 2, { width: inner, oblique: true });
      doc.y = y + height + 8;
    } else if (bagian.jenis === 'teks') {
      doc
        .font('regular')
        .fontSize(s)
        .text(bagian.teks ?? '', left, doc.y, { width })
        .moveDown(0.5);
    } else {
      table(doc, bagian, left, width, s, paper);
    }
  }

  // Signatures.
  if (d.tanda_tangan.length > 0) {
    doc.y += 6;
    const columns = paper.narrow ? 1 : d.tanda_tangan.length;
    const colWidth = width / columns;
    let rowTop = doc.y;
    d.tanda_tangan.forEach((tt, i) => {
      const col = i % columns;
      if (col === 0 && i > 0) rowTop = doc.y + 8;
      const x = left + col * colWidth;
      doc.font('regular').fontSize(s).fillColor(MUTED).text(tt.peran, x, rowTop, { width: colWidth, align: 'center' });
      const lineY = rowTop + s + 34;
      doc
        .moveTo(x + 12, lineY)
        .lineTo(x + colWidth - 12, lineY)
        .lineWidth(0.6)
        .strokeColor(LINE)
        .stroke();
      doc.fillColor(INK).text(tt.nama ?? ' ', x, lineY + 3, { width: colWidth, align: 'center' });
    });
    doc.y += 10;
  }

  if (d.catatan_kaki)
    doc
      .font('regular')
      .fontSize(s - 1)
      .fillColor(MUTED)
      .text(d.catatan_kaki, left, doc.y, { width, align: 'center' });
  doc
    .font('regular')
    .fontSize(s - 1.5)
    .fillColor(MUTED)
    .text(`Dicetak ${d.dicetak_pada_teks}`, left, doc.y + 2, { width, align: 'center' });
  doc.fillColor(INK);
}

function table(doc: Doc, bagian: Dokumen['bagian'][number], left: number, width: number, s: number, paper: Paper) {
  const n = bagian.kolom.length;
  if (n === 0) return;
  const weight = bagian.kolom.reduce((sum, k) => sum + k.lebar, 0);
  const cols = bagian.kolom.map((k) => (width * k.lebar) / weight);
  const size = s - 0.5;
  const header = bagian.kolom.map((k) => k.label);
  const row = (cells: string[], bold: boolean, shade: boolean, isHeader = false) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(size);
    const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cols[i]! - 6 }))) + 5;
    if (paper.height !== null && doc.y + height > paper.height - paper.margin) {
      doc.addPage();
      doc.y = paper.margin;
      // A table that runs on (a ledger, the journals) names its columns again on each page.
      if (!isHeader) {
        row(header, true, true, true);
        doc.font(bold ? 'bold' : 'regular').fontSize(size);
      }
    }
    const y = doc.y;
    if (shade) doc.rect(left, y, width, height).fillColor('#f3f4f6').fill();
    doc.fillColor(INK);
    let x = left;
    cells.forEach((cell, i) => {
      doc.text(cell, x + 3, y + 2.5, { width: cols[i]! - 6, align: bagian.kolom[i]?.kanan ? 'right' : 'left' });
      x += cols[i]!;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(0.4)
      .strokeColor(LINE)
      .stroke();
    doc.y = y + height;
  };
  row(header, true, true, true);
  for (const cells of bagian.sel) row(cells, false, false);
  if (bagian.total) row(bagian.total, true, true);
  doc.y += 8;
}

async function render(
  d: Dokumen,
  paper: Paper,
  height: number,
  logo: Buffer | null,
  roll = false,
): Promise<{ pdf: Buffer; end: number }> {
  const fonts = documentFonts();
  const doc = new PDFDocument({
    size: [paper.width, height],
    margin: paper.margin,
    info: { Title: `${d.judul}${d.nomor ? ` ${d.nomor}` : ''}`, Author: d.kop.nama, Creator: 'mizan' },
    lang: 'id-ID',
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  doc.font('regular');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  layout(doc, d, { ...paper, height }, logo);
  const end = doc.y + paper.margin;
  // A roll is as long as its content: the page keeps its long height for the layout (pdfkit
  // draws from the top of it) and its MediaBox is cut to the part that holds the content, the
  // lower-left corner moved up (PDF 32000-1 §14.11.2: a page's boxes need not start at 0).
  if (roll) {
    const page = doc.page as unknown as { dictionary: { data: { MediaBox: number[] } } };
    page.dictionary.data.MediaBox = [0, height - Math.ceil(end), paper.width, height];
  }
  // The mark across the page (BATAL / SALINAN), over the first page's content, faint.
  if (d.tanda) {
    doc.save();
    const cx = paper.width / 2;
    const cy = Math.min(height, end) / 2;
    doc.rotate(-30, { origin: [cx, cy] });
    doc
      .font('bold')
      .fontSize(paper.narrow ? 34 : 64)
      .fillColor(MARK)
      .fillOpacity(0.12);
    doc.text(d.tanda, 0, cy - (paper.narrow ? 20 : 38), { width: paper.width, align: 'center', lineBreak: false });
    doc.restore();
  }
  doc.end();
  await done;
  return { pdf: Buffer.concat(chunks), end };
}

/** The PDF of a document on the given paper; `logo`: the institution's PNG or JPEG, or null. */
export async function renderPdf(d: Dokumen, kertas: Kertas, logo: Buffer | null): Promise<Buffer> {
  const paper = papers[kertas];
  if (paper.height !== null) return (await render(d, paper, paper.height, logo)).pdf;
  return (await render(d, paper, ROLL_LAYOUT_HEIGHT, logo, true)).pdf;
}
