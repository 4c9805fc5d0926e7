// Import of the old system's data (issue 26 C) through the running server, as the browser sends
// it: 10 000 customers, then 10 000 loans, then 100 000 payments, each file checked (dry run)
// then imported, on a fresh PGlite database. Target: loans and payments together
// (check and import) in ≤ 60 s on PGlite, the event loop never blocked > 100 ms … reported, not
// asserted: an import holds one transaction, and PGlite runs on the server's thread.
//
// `npx tsx bench/impor.ts` (also part of `npm run bench`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { benchServerEnv, root, startServer } from './processes';

export const IMPORT_TARGET_SECONDS = 60;

export interface ImportRun {
  label: string;
  seconds: number;
  loopMaxMs: number;
}

const LOANS = Number(process.env.MIZAN_BENCH_IMPOR_LOANS ?? 10_000);
const PAYMENTS_PER_LOAN = 10;

const nik = (i: number) => `3201${String(i).padStart(12, '0')}`;

async function workbook(headers: string[], rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The three files: customers, loans granted over 2023 (12 months, 2 %), ten instalments each. */
export async function importFiles() {
  const customers = await workbook(
    ['Nama', 'NIK', 'Telepon', 'Alamat', 'Kecamatan', 'Kota'],
    Array.from({ length: LOANS }, (_, i) => [
      `Nasabah Impor ${i + 1}`,
      nik(i + 1),
      '081234567890',
      `Jl. Impor ${i + 1}`,
      'Cibinong',
      'Bogor',
    ]),
  );
  const granted = (i: number) => new Date(Date.UTC(2023, i % 12, 1 + (i % 28)));
  const loans = await workbook(
    ['NIK Nasabah', 'Nomor Pinjaman', 'Tanggal Pinjam', 'Jumlah', 'Persentase', 'Tipe', 'Durasi Angsuran'],
    Array.from({ length: LOANS }, (_, i) => [nik(i + 1), `IMP-${i + 1}`, granted(i), 12_000_000, 2, 'pokok', 12]),
  );
  const payments = await workbook(
    ['Nomor Pinjaman', 'Tanggal', 'Jumlah', 'Jenis', 'Angsuran Ke'],
    Array.from({ length: LOANS * PAYMENTS_PER_LOAN }, (_, j) => {
      const i = Math.floor(j / PAYMENTS_PER_LOAN);
      const k = (j % PAYMENTS_PER_LOAN) + 1;
      const day = granted(i);
      return [`IMP-${i + 1}`, new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + k, 1)), 1_240_000, 'angsuran', k];
    }),
  );
  return { customers, loans, payments };
}

async function post(baseURL: string, token: string, url: string, data: Buffer) {
  const form = new FormData();
  form.append('berkas', new Blob([new Uint8Array(data)]), 'data.xlsx');
  const res = await fetch(`${baseURL}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { data?: { jumlah_masalah?: number; ditambahkan?: number }; message?: string };
  if (!res.ok) throw new Error(`${url}: ${res.status} ${body.message}`);
  return body.data!;
}

/** The longest event-loop block since the previous call (after a few samples: an empty window has no figures). */
async function loopMax(baseURL: string, token: string) {
  await new Promise((r) => setTimeout(r, 100));
  const res = await fetch(`${baseURL}/api/_bench/event-loop`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`/api/_bench/event-loop: ${res.status}`);
  return ((await res.json()) as { data: { max_ms: number } }).data.max_ms;
}

/** Checks then imports each file; the time of each step and the event loop's longest block. */
export async function measureImport(baseURL: string, token: string): Promise<ImportRun[]> {
  const files = await importFiles();
  const runs: ImportRun[] = [];
  for (const [jenis, data] of [
    ['nasabah', files.customers],
    ['pinjaman', files.loans],
    ['pembayaran', files.payments],
  ] as const) {
    await loopMax(baseURL, token);
    const started = performance.now();
    const check = await post(baseURL, token, `/api/impor/${jenis}/periksa`, data);
    if (check.jumlah_masalah) throw new Error(`${jenis}: ${check.jumlah_masalah} masalah`);
    const checked = performance.now();
    const done = await post(baseURL, token, `/api/impor/${jenis}`, data);
    const seconds = (performance.now() - checked) / 1000;
    console.error(`  ${jenis}: periksa ${((checked - started) / 1000).toFixed(1)} dtk, impor ${seconds.toFixed(1)} dtk`);
    runs.push({ label: `${jenis} periksa`, seconds: (checked - started) / 1000, loopMaxMs: NaN });
    runs.push({ label: `${jenis} impor (${done.ditambahkan} baris)`, seconds, loopMaxMs: await loopMax(baseURL, token) });
  }
  return runs;
}

export const importLines = (runs: ImportRun[]) => {
  const loansAndPayments = runs.filter((r) => r.label.startsWith('pinjaman') || r.label.startsWith('pembayaran'));
  const total = loansAndPayments.reduce((s, r) => s + r.seconds, 0);
  return [
    ...runs.map(
      (r) =>
        `impor ${r.label}: ${r.seconds.toFixed(1)} dtk${Number.isNaN(r.loopMaxMs) ? '' : `, event loop maks ${r.loopMaxMs.toFixed(0)} ms`}`,
    ),
    `impor 10 000 pinjaman + 100 000 pembayaran (periksa dan impor): ${total.toFixed(1)} dtk (target ≤ ${IMPORT_TARGET_SECONDS} dtk): ${total <= IMPORT_TARGET_SECONDS ? 'met' : 'NOT MET'}`,
  ];
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-bench-impor-'));
  const password = 'bench-impor-rahasia';
  const api = await startServer(
    path.join(root, 'apps/api/src/server.ts'),
    benchServerEnv({
      DATA_DIR: dataDir,
      // Always a fresh PGlite (the target's database), never the scale database of npm run bench.
      DATABASE_URL: '',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: password,
      MIZAN_BENCH_METRICS: '1',
    }),
    '/api/health',
  );
  try {
    const login = await fetch(`${api.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    for (const line of importLines(await measureImport(api.baseURL, token))) console.log(line);
  } finally {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
