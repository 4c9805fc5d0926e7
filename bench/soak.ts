// `npm run soak` (and the end of `npm run test:long`): issue 11's soak. Starts the real server on
// a fresh PGlite folder (or on the empty PostgreSQL database in SOAK_DATABASE_URL), and drives it
// from this process over loopback at a fixed rate with a mixed workload: lists, searches, stats,
// customer creations and edits, loans with a receipt upload, receipt downloads and payments.
// Prints the figures per kind of request and the server's memory over time, then checks:
//   - zero errors: every request answered 2xx, none refused, none timed out, none left unsent
//     because the server fell behind (more than MAX_IN_FLIGHT requests waiting);
//   - no steady memory growth: the server's JS heap after a full garbage collection in the last
//     minute is within max(15 %, 8 MB) of the one after the first minute of load;
//   - nothing lost: every loan's total_pembayaran equals the sum of the payments acknowledged for it.
// Exit code 1 when any check fails. Knobs: SOAK_SECONDS (300), SOAK_RATE (requests/s, 25).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addMonths, currentMonthYearJakarta, todayJakarta } from '@mizan/core';
import { startServer } from './processes';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const RATE = Number(process.env.SOAK_RATE ?? 25);
const MAX_IN_FLIGHT = 50;
const REQUEST_TIMEOUT_MS = 10_000;
const MEMORY_EVERY_MS = 10_000;
const WARM_UP_MS = Math.min(60_000, (SECONDS * 1000) / 5);

type Kind =
  | 'daftar nasabah'
  | 'cari nasabah'
  | 'daftar pinjaman'
  | 'daftar pembayaran'
  | 'statistik'
  | 'aktivitas'
  | 'tambah nasabah'
  | 'ubah nasabah'
  | 'tambah pinjaman + kwitansi'
  | 'unduh kwitansi'
  | 'tambah pembayaran';

interface Tally {
  ok: number;
  failed: number;
  latencies: number[];
  firstFailure?: string;
}

const tallies = new Map<Kind, Tally>();
const tally = (kind: Kind) => {
  let t = tallies.get(kind);
  if (!t) tallies.set(kind, (t = { ok: 0, failed: 0, latencies: [] }));
  return t;
};

const NAMES = [
  'Siti Rahmawati',
  'Ahmad Hidayat',
  'Dewi Lestari',
  'Budi Santoso',
  'Nur Aisyah',
  'Rudi Hartono',
  'Fitri Handayani',
];
const SEARCHES = ['hidayat', 'siti', 'dewi', '3201', 'santoso', 'jl. mawar'];

/** A PNG by its magic bytes, 20 KB: the upload check reads the content, not the name. */
function pngBlob(): Blob {
  const bytes = new Uint8Array(new ArrayBuffer(20_008));
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  crypto.randomFillSync(bytes, 8);
  return new Blob([bytes], { type: 'image/png' });
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-soak-'));
  const adminPassword = crypto.randomBytes(12).toString('base64url');
  const databaseUrl = process.env.SOAK_DATABASE_URL ?? '';
  console.log(
    `Soak: ${SECONDS} dtk, ${RATE} permintaan/dtk, database ${databaseUrl ? 'PostgreSQL (SOAK_DATABASE_URL)' : `PGlite di ${dataDir}`}`,
  );
  const server = await startServer(
    path.join('apps/api/src/server.ts'),
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      WA_GATEWAY: 'simulator',
      BACKUP_SCHEDULE: 'off',
      MIZAN_BENCH_METRICS: '1',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim(),
    },
    '/api/health',
  );
  let failed = false;
  try {
    failed = await soak(server.baseURL, adminPassword);
  } catch (error) {
    console.error(error);
    console.error(server.output());
    failed = true;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

async function soak(baseURL: string, adminPassword: string): Promise<boolean> {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword }),
  });
  if (!login.ok) throw new Error(`login gagal: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const auth = { authorization: `Bearer ${token}` };

  const today = todayJakarta();
  const { month, year } = currentMonthYearJakarta();
  const customers: number[] = [];
  const loans: { id: number; kwitansiUrl: string | null }[] = [];
  /** Σ of the acknowledged payments per loan: the books must say exactly this at the end. */
  const paid = new Map<number, number>();
  let serial = 0;

  async function call(kind: Kind | null, method: string, url: string, body?: unknown): Promise<unknown> {
    const started = performance.now();
    const isForm = body instanceof FormData;
    let res: Response;
    try {
      res = await fetch(baseURL + url, {
        method,
        headers: body === undefined || isForm ? auth : { ...auth, 'content-type': 'application/json' },
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      if (kind) record(kind, false, started, `${method} ${url}: ${(error as Error).message}`);
      throw error;
    }
    const text = await res.text();
    const ok = res.status >= 200 && res.status < 300;
    if (kind) record(kind, ok, started, `${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    if (!ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    return text.startsWith('{') ? (JSON.parse(text) as { data?: unknown }).data : text;
  }

  function record(kind: Kind, ok: boolean, started: number, failure: string) {
    const t = tally(kind);
    if (ok) {
      t.ok++;
      t.latencies.push(performance.now() - started);
    } else {
      t.failed++;
      t.firstFailure ??= failure;
    }
  }

  const newCustomer = async (kind: Kind | null) => {
    const n = ++serial;
    const created = (await call(kind, 'POST', '/api/nasabah', {
      nama: `${NAMES[n % NAMES.length]} ${n}`,
      nik: `3201${String(Date.now() % 1e6).padStart(6, '0')}${String(n).padStart(6, '0')}`.slice(0, 16),
      telepon: `0812${String(10_000_000 + n).slice(-8)}`,
      alamat: `Jl. Mawar No. ${n}, RT 01/RW 02`,
      kecamatan: 'Cibinong',
      kota: 'Bogor',
    })) as { id: number };
    customers.push(created.id);
    return created.id;
  };

  const newLoan = async (kind: Kind | null, nasabahId: number) => {
    const form = new FormData();
    const fields = {
      nasabah_id: nasabahId,
      nomor_pinjaman: `SOAK-${++serial}`,
      tanggal_pinjam: addMonths(today, -2),
      jumlah: 120_000_000,
      persentase: 2,
      tipe: 'pokok',
      durasi_angsuran: 12,
      jaminan: 'BPKB motor',
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
    form.append('kwitansi', pngBlob(), 'kwitansi.png');
    const loan = (await call(kind, 'POST', '/api/pinjaman', form)) as { id: number; kwitansi_url: string | null };
    loans.push({ id: loan.id, kwitansiUrl: loan.kwitansi_url });
    paid.set(loan.id, 0);
  };

  // A small book to start from.
  for (let i = 0; i < 10; i++) await newLoan(null, await newCustomer(null));

  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
  const sorts = ['nama', 'nik', 'telepon', 'status', 'total_pinjaman', 'created_at'];

  let paymentSerial = 0;
  async function addPayment() {
    const loan = loans[paymentSerial++ % loans.length]!;
    const jumlah = 1000 * (1 + (paymentSerial % 7));
    await call('tambah pembayaran', 'POST', '/api/pembayaran', {
      pinjaman_id: loan.id,
      tanggal: today,
      jumlah,
      jenis: 'pokok',
      keterangan: 'Uji soak (bench/soak.ts)',
    });
    paid.set(loan.id, (paid.get(loan.id) ?? 0) + jumlah);
  }

  async function editCustomer() {
    const id = pick(customers);
    const current = (await call(null, 'GET', `/api/nasabah/${id}`)) as Record<string, unknown>;
    await call('ubah nasabah', 'PUT', `/api/nasabah/${id}`, {
      nama: current.nama,
      nik: current.nik,
      telepon: current.telepon,
      alamat: `Jl. Melati No. ${++serial}, RT 03/RW 04`,
      kecamatan: current.kecamatan,
      kota: current.kota,
      status: current.status,
    });
  }

  async function downloadReceipt() {
    const loan = pick(loans.filter((l) => l.kwitansiUrl));
    const started = performance.now();
    const res = await fetch(baseURL + loan.kwitansiUrl!, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const ok = res.ok && bytes[0] === 0x89 && bytes[1] === 0x50;
    record('unduh kwitansi', ok, started, `GET ${loan.kwitansiUrl}: ${res.status}`);
  }

  /** One round of the mix (16 requests): 10 reads, 6 writes, one of them an upload. */
  const cycle: (() => Promise<unknown>)[] = [
    () => call('daftar nasabah', 'GET', `/api/nasabah?limit=10&page=${1 + Math.floor(Math.random() * 3)}`),
    () => call('daftar nasabah', 'GET', `/api/nasabah?limit=10&sortBy=${pick(sorts)}&sortOrder=asc`),
    () => call('cari nasabah', 'GET', `/api/nasabah?limit=10&search=${encodeURIComponent(pick(SEARCHES))}`),
    () => call('daftar pinjaman', 'GET', '/api/pinjaman?limit=10&status=aktif'),
    () => call('daftar pembayaran', 'GET', `/api/pembayaran?limit=10&month=${month}&year=${year}`),
    () =>
      call(
        'statistik',
        'GET',
        pick(['/api/nasabah/stats', '/api/pinjaman/stats', `/api/pembayaran/stats?month=${month}&year=${year}`]),
      ),
    addPayment,
    () => call('daftar nasabah', 'GET', '/api/nasabah?limit=10'),
    () => call('aktivitas', 'GET', '/api/dashboard/activities'),
    () => call('cari nasabah', 'GET', `/api/nasabah?limit=10&search=${encodeURIComponent(pick(SEARCHES))}`),
    () => newCustomer('tambah nasabah'),
    editCustomer,
    addPayment,
    downloadReceipt,
    () => newLoan('tambah pinjaman + kwitansi', pick(customers)),
    () => call('daftar pinjaman', 'GET', '/api/pinjaman?limit=10&page=2'),
  ];

  const memory: { at: number; heap: number; rss: number; afterGc: boolean }[] = [];
  const readMemory = async (at: number) => {
    const res = await fetch(`${baseURL}/api/_bench/memory`);
    const data = ((await res.json()) as { data: { heap_used_mb: number; rss_mb: number; after_gc: boolean } }).data;
    memory.push({ at, heap: data.heap_used_mb, rss: data.rss_mb, afterGc: data.after_gc });
  };

  let inFlight = 0;
  let behind = 0;
  let sent = 0;
  const start = performance.now();
  await readMemory(0);
  const pending = new Set<Promise<void>>();
  await new Promise<void>((resolve, reject) => {
    let step = 0;
    let nextMemory = MEMORY_EVERY_MS;
    let lastReport = 0;
    const timer = setInterval(() => {
      const elapsed = performance.now() - start;
      if (elapsed >= SECONDS * 1000) {
        clearInterval(timer);
        resolve();
        return;
      }
      // Fixed rate: as many requests as the clock says are due (setInterval drifts under load).
      const due = Math.floor((elapsed / 1000) * RATE) - sent;
      for (let i = 0; i < due; i++) {
        sent++;
        if (inFlight >= MAX_IN_FLIGHT) {
          behind++;
          continue;
        }
        const op = cycle[step++ % cycle.length]!;
        inFlight++;
        const p: Promise<void> = op()
          .then(() => undefined)
          .catch(() => undefined)
          .finally(() => {
            inFlight--;
            pending.delete(p);
          });
        pending.add(p);
      }
      if (elapsed >= nextMemory) {
        nextMemory += MEMORY_EVERY_MS;
        // A server that stopped answering ends the soak here, with its output (main's catch).
        readMemory(Math.round(elapsed / 1000)).catch((error: unknown) => {
          clearInterval(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      }
      if (elapsed - lastReport >= 30_000) {
        lastReport = elapsed;
        const failures = [...tallies.values()].reduce((s, t) => s + t.failed, 0);
        console.log(
          `  ${Math.round(elapsed / 1000)} dtk: ${sent} dikirim, ${failures} gagal, ${behind} tertinggal, heap ${memory.at(-1)?.heap ?? '?'} MB`,
        );
      }
    }, 1000 / RATE);
  });
  await Promise.all(pending);
  await readMemory(SECONDS);

  // Nothing lost: the books agree with what was acknowledged.
  let mismatches = 0;
  for (const loan of loans) {
    const data = (await call(null, 'GET', `/api/pinjaman/${loan.id}`)) as { total_pembayaran: number };
    if (data.total_pembayaran !== (paid.get(loan.id) ?? 0)) {
      mismatches++;
      console.error(`  pinjaman ${loan.id}: total_pembayaran ${data.total_pembayaran}, diakui ${paid.get(loan.id)}`);
    }
  }

  // Report.
  const rows = [...tallies.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  const elapsedSeconds = (performance.now() - start) / 1000;
  console.log(`\n| permintaan | berhasil | gagal | p50 ms | p99 ms | maks ms |`);
  console.log(`|---|---:|---:|---:|---:|---:|`);
  for (const [kind, t] of rows) {
    console.log(
      `| ${kind} | ${t.ok} | ${t.failed} | ${percentile(t.latencies, 50).toFixed(0)} | ${percentile(t.latencies, 99).toFixed(0)} | ${Math.max(0, ...t.latencies).toFixed(0)} |`,
    );
  }
  const total = rows.reduce((s, [, t]) => s + t.ok + t.failed, 0);
  const failures = rows.reduce((s, [, t]) => s + t.failed, 0);
  console.log(
    `\n${total} permintaan dalam ${elapsedSeconds.toFixed(0)} dtk (${(total / elapsedSeconds).toFixed(1)}/dtk), ${failures} gagal, ${behind} tertinggal; ${customers.length} nasabah, ${loans.length} pinjaman berkwitansi.`,
  );
  console.log(`Memori server (setelah GC penuh: ${memory[0]?.afterGc ? 'ya' : 'tidak'}):`);
  console.log(
    memory.map((m) => `  ${String(m.at).padStart(4)} dtk: heap ${m.heap.toFixed(1)} MB, rss ${m.rss.toFixed(1)} MB`).join('\n'),
  );

  const warm = memory.filter((m) => m.at * 1000 >= WARM_UP_MS);
  const firstWindow = warm.slice(0, 3).map((m) => m.heap);
  const lastWindow = warm.slice(-3).map((m) => m.heap);
  const base = percentile(firstWindow, 50);
  const end = percentile(lastWindow, 50);
  const growth = end - base;
  const allowed = Math.max(8, base * 0.15);
  const memoryOk = firstWindow.length > 0 && growth <= allowed;
  console.log(
    `Heap setelah pemanasan ${base.toFixed(1)} MB → akhir ${end.toFixed(1)} MB (naik ${growth.toFixed(1)} MB, batas ${allowed.toFixed(1)} MB)`,
  );

  const problems: string[] = [];
  if (failures > 0) problems.push(`${failures} permintaan gagal`);
  for (const [kind, t] of rows) if (t.firstFailure) problems.push(`  pertama (${kind}): ${t.firstFailure}`);
  if (behind > 0) problems.push(`${behind} permintaan tidak terkirim karena server tertinggal (> ${MAX_IN_FLIGHT} menunggu)`);
  if (!memoryOk) problems.push('memori server terus naik');
  if (mismatches > 0)
    problems.push(`${mismatches} pinjaman dengan total_pembayaran yang tidak sama dengan pembayaran yang diakui`);
  if (problems.length) {
    console.error(`\nSOAK GAGAL:\n${problems.join('\n')}`);
    return true;
  }
  console.log('\nSoak lulus: nol kesalahan, memori stabil, saldo pinjaman sama dengan pembayaran yang diakui.');
  return false;
}

void main();
