// A payment receipt's PDF on the server (issue 25): read the payment, lay out and write the PDF, as
// POST /api/pembayaran/:id/kwitansi.pdf does, for 100 payments spread over the scale data, on A5 and
// on an 80 mm roll. Target: each receipt ≤ 50 ms (p95). Built as the uncounted preview (issue 51),
// so the scale data keeps its counts and gains no activity rows; the download adds one UPDATE of the
// count and one reaction row in its transaction. The print counts are put back afterwards all the same.
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/app';
import { previewKwitansi } from '../apps/api/src/modules/dokumen/dokumen.service';
import { lembagaForDocuments } from '../apps/api/src/modules/profil-lembaga/profil-lembaga.service';
import { renderPdf } from '../apps/api/src/modules/dokumen/pdf';

export const KWITANSI_TARGET_MS = 50;
const SAMPLE = 100;

export interface KwitansiPdfFigures {
  receipts: number;
  a5: { p50: number; p95: number };
  roll: { p50: number; p95: number };
  status: 'met' | 'NOT MET';
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export async function measureKwitansiPdf(env: Record<string, string>): Promise<KwitansiPdfFigures> {
  const config = loadConfig({ ...process.env, ...env });
  const handle = await openDatabase(config);
  const db = handle.db;
  try {
    const max = Number(
      (
        await db
          .selectFrom('pembayaran')
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirstOrThrow()
      ).m ?? 0,
    );
    const ids: number[] = [];
    for (let i = 1; i <= SAMPLE; i++) ids.push(Math.max(1, Math.round((max * i) / SAMPLE)));
    const before = await db
      .selectFrom('kwitansi_pembayaran')
      .select(['pembayaran_id', 'dicetak', 'terakhir_dicetak'])
      .where('pembayaran_id', 'in', ids)
      .execute();
    const lembaga = await lembagaForDocuments(db, config.institutionName);
    const timings = { a5: [] as number[], roll: [] as number[] };
    // One receipt first: the fonts are read once per process, as in the server.
    await renderPdf((await previewKwitansi(db, lembaga, before[0]!.pembayaran_id, new Date())).dokumen, 'a5', null);
    for (const row of before) {
      for (const [kertas, list] of [
        ['a5', timings.a5],
        ['80mm', timings.roll],
      ] as const) {
        const started = performance.now();
        await renderPdf((await previewKwitansi(db, lembaga, row.pembayaran_id, new Date())).dokumen, kertas, null);
        list.push(performance.now() - started);
      }
    }
    for (const row of before)
      await db
        .updateTable('kwitansi_pembayaran')
        .set({ dicetak: row.dicetak, terakhir_dicetak: row.terakhir_dicetak })
        .where('pembayaran_id', '=', row.pembayaran_id)
        .execute();
    const a5 = { p50: percentile(timings.a5, 50), p95: percentile(timings.a5, 95) };
    const roll = { p50: percentile(timings.roll, 50), p95: percentile(timings.roll, 95) };
    return {
      receipts: before.length,
      a5,
      roll,
      status: a5.p95 <= KWITANSI_TARGET_MS && roll.p95 <= KWITANSI_TARGET_MS ? 'met' : 'NOT MET',
    };
  } finally {
    await handle.close();
  }
}

export const kwitansiPdfLines = (f: KwitansiPdfFigures) => [
  `kwitansi PDF (${f.receipts} pembayaran): A5 p50 ${f.a5.p50.toFixed(1)} ms, p95 ${f.a5.p95.toFixed(1)} ms; ` +
    `80 mm p50 ${f.roll.p50.toFixed(1)} ms, p95 ${f.roll.p95.toFixed(1)} ms (target ≤ ${KWITANSI_TARGET_MS} ms): ${f.status}`,
];

// `npx tsx bench/kwitansi-pdf.ts`: this measurement alone, on the scale database npm run bench uses.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { prepareDatabase } = await import('./prepare');
  const prepared = await prepareDatabase();
  for (const line of kwitansiPdfLines(await measureKwitansiPdf(prepared.env))) console.log(line);
}
