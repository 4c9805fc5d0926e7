/**
 * Backups (issues 11 and 29): GET /api/backup of a populated database restores into an empty
 * database and receipt folder with every table and every file identical; non-empty targets are
 * refused; the restored database serves the app (sign-in, lists, receipts, new ids after the old
 * ones); archives of format version 1 (made by the in-memory backup of issue 11) still restore;
 * cut, damaged or newer archives are refused with the reason, and nothing is kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loanPosition, nomorKwitansi, todayJakarta, type LedgerLoan, type LedgerPayment } from '@mizan/core';
import { createTestApp, reactionsDone, TEST_ADMIN, type TestApp } from './test-app';
import { createTestDatabase } from './test-db';
import { backfillMonthEnds } from '../modules/portfolio/portfolio.service';
import { todayOf } from '../lib/clock';
import { loanPayload, nasabahPayload, populate, postLoan, postNasabah, type Populated } from './populate';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import {
  BACKUP_VERSION,
  restoreBackup,
  RestoreRefused,
  sequencePositions,
  tableChecksums,
  tableContents,
  verifyBackup,
  writeBackup,
} from '../lib/backup';
import { kwitansiDir } from '../lib/file-storage';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite, type DatabaseHandle } from '../db/database';

let t: TestApp;
let data: Populated;
let archive: Buffer;
const v1Fixture = path.join(import.meta.dirname, 'fixtures/backup-v1.tar.gz');
const cleanup: (() => Promise<void> | void)[] = [];

const readFiles = (dir: string) =>
  fs.existsSync(dir)
    ? Object.fromEntries(
        fs
          .readdirSync(dir)
          .sort()
          .map((name) => [name, fs.readFileSync(path.join(dir, name)).toString('base64')]),
      )
    : {};

/** Every entry of a .tar.gz, read with tar-stream (the archive is small in these tests). */
async function entries(archiveBytes: Buffer): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const extract = tar.extract();
  Readable.from([zlib.gunzipSync(archiveBytes)]).pipe(extract as unknown as NodeJS.WritableStream);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    out.set(entry.header.name, Buffer.concat(chunks));
  }
  return out;
}

/** A .tar.gz of the given entries, in that order. */
async function pack(items: [string, Buffer][]): Promise<Buffer> {
  const p = tar.pack();
  for (const [name, data] of items) p.entry({ name, size: data.length }, data);
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of p) chunks.push(chunk as Buffer);
  return zlib.gzipSync(Buffer.concat(chunks));
}

/** Restores `bytes` into an empty database and builds the app on it, signed in as the administrator. */
async function restoredApp(bytes: Buffer) {
  const { handle, dataDir } = await emptyTarget();
  await restoreBackup(handle.db, dataDir, bytes);
  const config = loadConfig(
    { ADMIN_USERNAME: TEST_ADMIN.username, DATA_DIR: dataDir, WA_GATEWAY: 'simulator' },
    { webDistDir: path.join(dataDir, 'no-web'), jwtSecret: 'another-secret-another-secret-123456' },
  );
  const app = await buildApp(config, { database: { ...handle, close: async () => {} } });
  cleanup.push(() => app.close());
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: TEST_ADMIN });
  expect(login.statusCode).toBe(200);
  return { app, handle, auth: { authorization: `Bearer ${login.json().data.token as string}` } };
}

async function emptyTarget() {
  const handle = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-restore-'));
  cleanup.push(
    () => handle.close(),
    () => fs.rmSync(dataDir, { recursive: true, force: true }),
  );
  return { handle, dataDir };
}

beforeAll(async () => {
  t = await createTestApp();
  data = await populate(t);
  // The portfolio's month-ends, as the server fills them at its next start: a server started on
  // the restored data then finds nothing left to do, and its own backup equals this one.
  await backfillMonthEnds(t.app.db, todayOf(t.app.clock));
  const res = await t.request({ method: 'GET', url: '/api/backup' });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/gzip');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mizan-backup-\d{8}-\d{6}\.tar\.gz"$/);
  archive = res.rawPayload;
});
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
  await t.close();
});

describe('backup and restore', () => {
  it('is refused to an operator and without a token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/backup', token: data.operator.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/backup', token: null })).statusCode).toBe(401);
  });

  it('holds every table and the receipt file, with checksums', async () => {
    const { manifest, summary } = await verifyBackup(archive);
    expect(manifest.version).toBe(BACKUP_VERSION);
    expect(summary.tables.nasabah!.rows).toBe(data.nasabah.length);
    expect(summary.tables.pinjaman!.rows).toBe(3); // soft-deleted loan kept
    expect(summary.tables.pembayaran!.rows).toBe(3); // soft-deleted payment kept
    expect(summary.tables.wa_recipients!.rows).toBe(2);
    expect(summary.tables.users!.rows).toBe(2);
    expect(summary.files.map((f) => f.name)).toEqual([data.loans[0]!.kwitansi]);
    expect(summary.missing_files).toEqual([]);
    // What the archive promises is what the database holds.
    const checksums = await tableChecksums(t.app.db);
    for (const [table, promised] of Object.entries(summary.tables)) expect(promised, table).toEqual(checksums[table]);
  });

  it('writes a table in parts and reads it in batches when it is larger than one of them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-parts-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'small-parts.tar.gz');
    const seen: number[] = [];
    await writeBackup(t.app.db, t.app.dbKind, t.config.dataDir, file, {
      fetchRows: 2,
      partBytes: 600,
      countRows: true,
      onProgress: (p) => seen.push(p.rows),
    });
    const names = [...(await entries(fs.readFileSync(file))).keys()];
    expect(names[0]).toBe('manifest.json');
    expect(names.at(-1)).toBe('summary.json');
    expect(names.filter((n) => n.startsWith('db/nasabah/')).length).toBeGreaterThan(1);
    expect(seen.length).toBeGreaterThan(5);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const { handle, dataDir } = await emptyTarget();
    await restoreBackup(handle.db, dataDir, file);
    expect(await tableChecksums(handle.db)).toEqual(await tableChecksums(t.app.db));
    expect(fs.readdirSync(dir)).toEqual(['small-parts.tar.gz']); // no temporary file left
  });

  it('round-trips: every table, sequence and file identical in an empty target', async () => {
    const { handle, dataDir } = await emptyTarget();
    await restoreBackup(handle.db, dataDir, archive);
    const [before, after] = [await tableContents(t.app.db), await tableContents(handle.db)];
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    expect(await sequencePositions(handle.db)).toEqual(await sequencePositions(t.app.db));
    expect(readFiles(kwitansiDir(dataDir))).toEqual(readFiles(kwitansiDir(t.config.dataDir)));
    expect(Object.keys(readFiles(kwitansiDir(dataDir)))).toHaveLength(1);
  });

  it('refuses a target database or receipt folder that is not empty, changing nothing', async () => {
    const { handle, dataDir } = await emptyTarget();
    await restoreBackup(handle.db, dataDir, archive);
    const snapshot = await tableContents(handle.db);
    // Same folder (receipts present).
    await expect(restoreBackup(handle.db, dataDir, archive)).rejects.toThrow(RestoreRefused);
    // Empty folder but a database with data.
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-restore-'));
    cleanup.push(() => fs.rmSync(otherDir, { recursive: true, force: true }));
    await expect(restoreBackup(handle.db, otherDir, archive)).rejects.toThrow('Database tujuan tidak kosong');
    expect(await tableContents(handle.db)).toEqual(snapshot);
    expect(fs.readdirSync(otherDir)).toEqual([]);
  });

  it('refuses a damaged archive', async () => {
    const { handle, dataDir } = await emptyTarget();
    // A fresh database holds what its migrations seed (the data_versions row, the default chart of accounts).
    const fresh = await tableContents(handle.db);
    await expect(restoreBackup(handle.db, dataDir, archive.subarray(0, archive.length / 2))).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(handle.db, dataDir, Buffer.from('not a backup'))).rejects.toThrow(RestoreRefused);
    expect(await tableContents(handle.db)).toEqual(fresh);
  });

  it('refuses, after reading it to the end, an archive cut before its summary or with a changed row, keeping nothing', async () => {
    const original = [...(await entries(archive))];
    const { handle, dataDir } = await emptyTarget();
    const fresh = await tableContents(handle.db);
    const cut = await pack(original.filter(([name]) => name !== 'summary.json'));
    await expect(restoreBackup(handle.db, dataDir, cut)).rejects.toThrow(
      'Cadangan terpotong: summary.json di akhir arsip tidak ada',
    );
    const changed = await pack(
      original.map(([name, data]): [string, Buffer] =>
        name.startsWith('db/nasabah/')
          ? [name, Buffer.from(data.toString('utf8').replace('Nasabah 1 ', 'Nasabah 7 '))]
          : [name, data],
      ),
    );
    expect(changed.equals(await pack(original))).toBe(false);
    await expect(restoreBackup(handle.db, dataDir, changed)).rejects.toThrow(
      'Cadangan rusak: isi tabel nasabah tidak cocok dengan checksum',
    );
    expect(await tableContents(handle.db)).toEqual(fresh);
    expect(fs.existsSync(kwitansiDir(dataDir)) ? fs.readdirSync(kwitansiDir(dataDir)) : []).toEqual([]);
  });

  it('refuses an archive of a newer format, naming the version it found', async () => {
    const original = [...(await entries(archive))];
    const future = await pack(
      original.map(([name, data]): [string, Buffer] =>
        name === 'manifest.json'
          ? [name, Buffer.from(JSON.stringify({ ...JSON.parse(data.toString('utf8')), version: 9 }))]
          : [name, data],
      ),
    );
    const { handle, dataDir } = await emptyTarget();
    await expect(restoreBackup(handle.db, dataDir, future)).rejects.toThrow(
      `Cadangan format mizan-backup versi 9 dibuat oleh versi aplikasi yang lebih baru (aplikasi ini membaca versi 1 sampai ${BACKUP_VERSION})`,
    );
  });

  it('restores an archive of format version 1 (the in-memory backup of issue 11), table by table as it holds them', async () => {
    const bytes = fs.readFileSync(v1Fixture);
    const held = await entries(bytes);
    const manifest = JSON.parse(held.get('manifest.json')!.toString('utf8')) as {
      version: number;
      tables: Record<string, number>;
    };
    expect(manifest.version).toBe(1);
    const { handle, dataDir } = await emptyTarget();
    const result = await restoreBackup(handle.db, dataDir, bytes);
    expect(result.rows).toBe(Object.values(manifest.tables).reduce((a, b) => a + b, 0));
    const restored = await tableContents(handle.db);
    // Every field the archive holds comes back as it was; a column added by a later migration
    // takes its default (the loans' ledger summary: not computed yet, the daily job fills it).
    const added = {
      // Reminders are on unless the customer declined (issue 24).
      // Imported records are marked (issue 26 C); an old archive's were typed.
      nasabah: { terima_pengingat: true, diimpor: false },
      // Received in cash, unless it says otherwise (issue 48).
      pembayaran: { diimpor: false, impor_kunci: null, akun_kas_id: null },
      // Activities written by their reaction after the commit name it (issue 47); older ones do not.
      activities: { reaction_id: null },
      pinjaman: {
        diimpor: false,
        tazir_jumlah: null,
        tazir_tenggang_hari: null,
        jadwal_ulang: null,
        hari_tunggakan: 0,
        kolektibilitas: 1,
        tunggakan_pokok: 0,
        tunggakan_margin: 0,
        tunggakan_bagi_hasil: 0,
        tunggakan_total: 0,
        angsuran_tertunggak: 0,
        jatuh_tempo_tertua: null,
        jatuh_tempo_berikutnya: null,
        jumlah_berikutnya: null,
        ledger_tanggal: null,
        // Never written off (issue 47).
        hapus_buku_tanggal: null,
        hapus_buku_pembayaran_id: null,
        // Disbursed in cash, unless it says otherwise (issue 48).
        akun_kas_id: null,
      },
    } as Record<string, Record<string, unknown>>;
    const sorted = (rows: Record<string, unknown>[]) =>
      [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const rowsOf = (table: string) =>
      held
        .get(`db/${table}.jsonl`)!
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    // The archive predates the loans' stored position (issue 47): the restore computes every loan's
    // principal and margin left again from its payments, as migration 2026_12_03_0910 did.
    const archivedPayments = rowsOf('pembayaran').filter((p) => p.deleted_at === null) as unknown as (LedgerPayment & {
      pinjaman_id: number;
    })[];
    const positionOf = (loan: Record<string, unknown>) => {
      if (loan.status === 'lunas' || loan.deleted_at !== null)
        return { sisa_pokok: loan.sisa_pokok, sisa_margin: 0, sisa_kewajiban: loan.sisa_pokok };
      const p = loanPosition(
        { ...(loan as unknown as LedgerLoan), jadwal_ulang: null },
        archivedPayments.filter((x) => x.pinjaman_id === loan.id),
        todayJakarta(new Date()),
      );
      return { sisa_pokok: p.sisa_pokok, sisa_margin: p.sisa_margin, sisa_kewajiban: p.sisa_pokok + p.sisa_margin };
    };
    for (const table of Object.keys(manifest.tables)) {
      const expected = rowsOf(table).map((row) => ({
        ...row,
        ...added[table],
        ...(table === 'pinjaman' ? positionOf(row) : {}),
      }));
      const actual = restored[table]!.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(sorted(actual), table).toEqual(sorted(expected));
    }
    for (const [name, data] of held) {
      if (name.startsWith('kwitansi/'))
        expect(fs.readFileSync(path.join(kwitansiDir(dataDir), name.slice('kwitansi/'.length))).equals(data)).toBe(true);
    }
  });

  it('the restored database serves the app: sign-in, lists, receipts, new ids after the old ones', async () => {
    const { app, auth } = await restoredApp(archive);
    for (const url of [
      '/api/nasabah?limit=100',
      '/api/pinjaman?limit=100',
      '/api/pembayaran?limit=100',
      '/api/pinjaman/stats',
      '/api/nasabah/stats',
    ]) {
      const [a, b] = [await t.request({ method: 'GET', url }), await app.inject({ method: 'GET', url, headers: auth })];
      expect(b.statusCode, url).toBe(200);
      const strip = (body: string) => body.replace(/\?exp=\d+&sig=[^"]+/g, '?signed');
      expect(strip(b.body), url).toBe(strip(a.body));
    }
    const file = await app.inject({ method: 'GET', url: `/uploads/kwitansi/${data.loans[0]!.kwitansi}`, headers: auth });
    expect(file.statusCode).toBe(200);
    const created = await app.inject({
      method: 'POST',
      url: '/api/nasabah',
      headers: auth,
      payload: {
        nama: 'Nasabah Baru',
        nik: '3201999999999999',
        telepon: '0812-0000-0000',
        alamat: 'Jl. Baru',
        kecamatan: 'Cibinong',
        kota: 'Bogor',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.id).toBeGreaterThan(Math.max(...data.nasabah.map((n) => n.id)));
  });
});

/** Every sequence a column owns (serial or identity), with its table and column. */
async function ownedSequences(db: DatabaseHandle['db']) {
  return (
    await sql<{ seq: string; tbl: string; col: string }>`
      select s.relname as seq, t.relname as tbl, a.attname as col
      from pg_class s
      join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
        and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
      join pg_class t on t.oid = d.refobjid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and s.relnamespace = current_schema()::regnamespace
      order by 1`.execute(db)
  ).rows;
}

const maxOf = async (db: DatabaseHandle['db'], table: string, column = 'id') =>
  Number(
    (await sql<{ n: number | string }>`select coalesce(max(${sql.ref(column)}), 0) as n from ${sql.table(table)}`.execute(db))
      .rows[0]!.n,
  );

/**
 * Issue 46: a database whose sequences were last set with `setval(…, false)` (as `npm run
 * seed:scale` leaves them) is backed up and restored, and the restored database is USED: a new
 * customer, loan, payment (with its receipt number) and ta'zir each get the next number after the
 * original's, and every other sequence hands out a value above its column's largest. The same
 * for an archive made before issue 46, which recorded null for such sequences.
 */
describe('sequences of a restored database', () => {
  let source: TestApp;
  let made: Buffer;
  /** The largest id of each table with a sequence, and the last receipt number, in the original. */
  let largest: Record<string, number>;
  let lastReceipt: { tahun: number; urut: number };

  beforeAll(async () => {
    source = await createTestApp();
    await source.request({
      method: 'PUT',
      url: '/api/settings/tazir',
      payload: { aktif: true, jumlah: 50_000, tenggang_hari: 7 },
    });
    const customer = await postNasabah(source);
    for (const nomor of ['S-1', 'S-2']) {
      const loan = await postLoan(source, customer, { nomor_pinjaman: nomor });
      for (const [ke, tanggal] of [
        [1, '2024-03-07'],
        [2, '2024-04-15'], // 15 days after its due date: a ta'zir is proposed
      ] as const) {
        const res = await source.request({
          method: 'POST',
          url: '/api/pembayaran',
          payload: { pinjaman_id: loan.id, tanggal, jumlah: 1_240_000, jenis: 'angsuran', keterangan: null, angsuran_ke: ke },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    // Every sequence where it stands, but set as the scale loader sets them: pg_sequences shows null.
    const positions = await sequencePositions(source.app.db);
    for (const [name, next] of Object.entries(positions))
      await sql`select setval(${name}::regclass, ${next}, false)`.execute(source.app.db);
    expect(await sequencePositions(source.app.db)).toEqual(positions);
    const nulls = await sql<{ n: number }>`select count(*)::int as n from pg_sequences where last_value is null`.execute(
      source.app.db,
    );
    expect(nulls.rows[0]!.n).toBe(Object.keys(positions).length);

    largest = {};
    for (const { tbl, col } of await ownedSequences(source.app.db)) largest[tbl] = await maxOf(source.app.db, tbl, col);
    for (const table of ['nasabah', 'pinjaman', 'pembayaran', 'tazir']) expect(largest[table], table).toBeGreaterThan(0);
    lastReceipt = (await source.app.db
      .selectFrom('kwitansi_pembayaran')
      .select(['tahun', 'urut'])
      .orderBy('tahun', 'desc')
      .orderBy('urut', 'desc')
      .executeTakeFirstOrThrow())!;
    const res = await source.request({ method: 'GET', url: '/api/backup' });
    expect(res.statusCode).toBe(200);
    made = res.rawPayload;
  });
  afterAll(() => source.close());

  /** Restores `bytes` into an empty database and uses it through the API as staff would. */
  async function restoreAndUse(bytes: Buffer) {
    const { app, handle, auth: headers } = await restoredApp(bytes);
    const post = async (url: string, payload: Record<string, unknown>) => {
      const res = await app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
      return res.json().data as { id: number; nomor_kwitansi?: string };
    };

    const customer = await post('/api/nasabah', nasabahPayload({ nama: 'Nasabah Sesudah Pemulihan', nik: '3201777777777777' }));
    expect(customer.id).toBe(largest.nasabah! + 1);
    const loan = await post('/api/pinjaman', loanPayload(customer.id, { nomor_pinjaman: 'S-3' }));
    expect(loan.id).toBe(largest.pinjaman! + 1);
    const pay = (angsuran_ke: number, tanggal: string) =>
      post('/api/pembayaran', {
        pinjaman_id: loan.id,
        tanggal,
        jumlah: 1_240_000,
        jenis: 'angsuran',
        keterangan: null,
        angsuran_ke,
      });
    const first = await pay(1, '2024-03-07');
    expect(first.id).toBe(largest.pembayaran! + 1);
    expect(first.nomor_kwitansi).toBe(nomorKwitansi(lastReceipt.tahun, lastReceipt.urut + 1));
    await pay(2, '2024-04-15');
    // The proposal is written by its reaction after the payment's commit (issue 47).
    await reactionsDone(app);
    const tazir = await app.inject({ method: 'GET', url: `/api/tazir?pinjaman_id=${loan.id}`, headers });
    expect(tazir.json().data).toMatchObject([{ id: largest.tazir! + 1, angsuran_ke: 2, status: 'diusulkan' }]);

    // Every other table with a sequence: its next value is above everything the table holds.
    for (const { seq, tbl, col } of await ownedSequences(handle.db)) {
      const next = Number((await sql<{ n: string }>`select nextval(${seq}::regclass) as n`.execute(handle.db)).rows[0]!.n);
      expect(next, seq).toBeGreaterThan(await maxOf(handle.db, tbl, col));
    }
    return handle;
  }

  it('records each sequence exactly and continues from it: new customer, loan, payment, receipt and ta’zir numbers', async () => {
    const manifest = JSON.parse((await entries(made)).get('manifest.json')!.toString('utf8')) as {
      sequences_next: Record<string, number>;
    };
    expect(manifest.sequences_next).toEqual(await sequencePositions(source.app.db));
    const { handle, dataDir } = await emptyTarget();
    await restoreBackup(handle.db, dataDir, made);
    expect(await sequencePositions(handle.db)).toEqual(await sequencePositions(source.app.db));
    await restoreAndUse(made);
  });

  it('repairs, from the largest id, the sequences an archive made before issue 46 recorded as null', async () => {
    const held = await entries(made);
    const manifest = JSON.parse(held.get('manifest.json')!.toString('utf8')) as Record<string, unknown>;
    const old: Record<string, unknown> = {
      ...manifest,
      sequences: Object.fromEntries(Object.keys(manifest.sequences as object).map((name) => [name, null])),
    };
    delete old.sequences_next;
    held.set('manifest.json', Buffer.from(JSON.stringify(old)));
    await restoreAndUse(await pack([...held]));
  });
});

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
async function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(tsx, [path.join(repoRoot, `apps/api/src/cli/${script}.ts`), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

// The command-line tools on PGlite folders (PostgreSQL is covered by the API-level round trip).
describe.skipIf(process.env.MIZAN_TEST_DB === 'postgres')('npm run restore / npm run backup', () => {
  it(
    'restores into an empty folder, refuses a non-empty one, and backs the folder up again identically',
    { timeout: 90_000 },
    async () => {
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-cli-'));
      cleanup.push(() => fs.rmSync(work, { recursive: true, force: true }));
      const file = path.join(work, 'in.tar.gz');
      fs.writeFileSync(file, archive);
      const dataDir = path.join(work, 'data');

      const restored = await cli('restore', [file], { DATA_DIR: dataDir });
      expect(restored.out).toContain('dipulihkan');
      expect(restored.code).toBe(0);
      expect(readFiles(kwitansiDir(dataDir))).toEqual(readFiles(kwitansiDir(t.config.dataDir)));

      const again = await cli('restore', [file], { DATA_DIR: dataDir });
      expect(again.code).toBe(1);
      expect(again.out).toContain('tidak kosong');

      const backedUp = await cli('backup', ['--out', path.join(work, 'out')], { DATA_DIR: dataDir });
      expect(backedUp.code, backedUp.out).toBe(0);
      const [name] = fs.readdirSync(path.join(work, 'out'));
      expect(name).toMatch(/^mizan-backup-\d{8}-\d{6}\.tar\.gz$/);
      const original = await entries(archive);
      const second = await entries(fs.readFileSync(path.join(work, 'out', name!)));
      for (const [entry, bytes] of original) {
        if (entry === 'manifest.json') continue;
        expect(second.get(entry)?.equals(bytes), entry).toBe(true);
      }
      expect([...second.keys()].sort()).toEqual([...original.keys()].sort());
    },
  );
});

describe.skipIf(process.env.MIZAN_TEST_DB === 'postgres')('GET /api/backup on PGlite in a data folder', () => {
  it('reads a snapshot copy, so the server keeps answering, and removes the copy when done', { timeout: 90_000 }, async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-snap-'));
    cleanup.push(() => fs.rmSync(work, { recursive: true, force: true }));
    const dataDir = path.join(work, 'data');
    const handle = await openPglite(dataDir);
    await restoreBackup(handle.db, dataDir, archive);
    expect(handle.snapshot).toBeTypeOf('function');
    const config = loadConfig(
      { ADMIN_USERNAME: TEST_ADMIN.username, DATA_DIR: dataDir, WA_GATEWAY: 'simulator', HOST: '127.0.0.1', PORT: '0' },
      { webDistDir: path.join(dataDir, 'no-web'), jwtSecret: 'another-secret-another-secret-123456' },
    );
    const app = await buildApp(config, { database: handle });
    cleanup.push(() => app.close());
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    const auth = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
    const snapshots = () => fs.readdirSync(dataDir).filter((name) => name.startsWith('snapshot-'));
    // The start-up jobs (the daily ledger, the month-ends, the books' month-end provision and
    // reconciliation) write first: the backup is compared with the database as it then is.
    await app.ledgerJob.idle();
    const before = await tableContents(handle.db);

    const download = await fetch(`${base}/api/backup`, { headers: auth });
    expect(download.status).toBe(200);
    // The answer has begun: the copy exists, and the live database answers (and writes) meanwhile.
    expect(snapshots()).toHaveLength(1);
    const list = await fetch(`${base}/api/nasabah?limit=5`, { headers: auth });
    expect(list.status).toBe(200);
    const added = await fetch(`${base}/api/nasabah`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        nama: 'Selama Cadangan',
        nik: '3201888888888888',
        telepon: '0812-1111-2222',
        alamat: 'Jl. Baru',
        kecamatan: 'Cibinong',
        kota: 'Bogor',
      }),
    });
    expect(added.status).toBe(201);
    const bytes = Buffer.from(await download.arrayBuffer());

    // The archive is the database as it was when the backup began: the original's entries exactly,
    // but for the session of this sign-in (and without the customer added during the download).
    await verifyBackup(bytes);
    const taken = await entries(bytes);
    const rowsOf = (table: string) =>
      [...taken.keys()]
        .filter((entry) => entry.startsWith(`db/${table}/`))
        .sort()
        .flatMap((entry) => taken.get(entry)!.toString('utf8').split('\n').filter(Boolean));
    expect(new Set([...taken.keys()].filter((e) => e.startsWith('db/')).map((e) => e.split('/')[1]))).toEqual(
      new Set(Object.keys(before).filter((table) => before[table]!.length > 0)),
    );
    for (const [table, rows] of Object.entries(before)) {
      // A session's row moves as it is used; the download's own sign-in is among them.
      if (table === 'sessions') expect(rowsOf(table), table).toHaveLength(rows.length);
      else expect(rowsOf(table), table).toEqual(rows);
    }
    expect(rowsOf('nasabah').some((row) => row.includes('Selama Cadangan'))).toBe(false);
    await expect.poll(snapshots).toEqual([]);
  });
});

// Moving from PGlite to PostgreSQL: a backup of the PGlite book restored with DATABASE_URL set.
const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl || process.env.MIZAN_TEST_DB === 'postgres')('moving from PGlite to PostgreSQL', () => {
  it(
    'npm run restore with DATABASE_URL loads the PGlite backup into an empty PostgreSQL database, identical',
    { timeout: 90_000 },
    async () => {
      const pg = (await import('pg')).default;
      const name = `mizan_move_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(pgUrl!);
      url.pathname = `/${name}`;
      cleanup.push(async () => {
        const dropper = new pg.Client({ connectionString: pgUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      });
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-move-'));
      cleanup.push(() => fs.rmSync(work, { recursive: true, force: true }));
      const file = path.join(work, 'pglite.tar.gz');
      fs.writeFileSync(file, archive);
      const dataDir = path.join(work, 'data');

      const restored = await cli('restore', [file], { DATA_DIR: dataDir, DATABASE_URL: url.toString() });
      expect(restored.code, restored.out).toBe(0);
      const { openPostgres } = await import('../db/database');
      const target = await openPostgres(url.toString(), 1);
      cleanup.push(() => target.close());
      const [before, after] = [await tableContents(t.app.db), await tableContents(target.db)];
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
      expect(readFiles(kwitansiDir(dataDir))).toEqual(readFiles(kwitansiDir(t.config.dataDir)));

      // A second restore into the now filled database is refused.
      const again = await cli('restore', [file], { DATA_DIR: path.join(work, 'other'), DATABASE_URL: url.toString() });
      expect(again.code).toBe(1);
      expect(again.out).toContain('Database tujuan tidak kosong');
    },
  );
});
