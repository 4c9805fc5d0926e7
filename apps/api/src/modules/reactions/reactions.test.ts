/**
 * Side effects after commit (issue 47, item 3): a money write records its notifications as
 * reactions, and the runner writes them into the message log after the commit. A recipient whose
 * name fills the 255 characters the spec allows, and a reaction that throws, change nothing for
 * the loans and payments: every money endpoint answers 2xx with the same figures as on a server
 * without any notification; the failures are counted (/metrics, Cadangan Data) and catch up once
 * the reactions succeed again, each message written once.
 *
 * Several processes are not started here: reactions are claimed `FOR UPDATE SKIP LOCKED` in the
 * transaction that runs them and marks them done (reactions.repository.ts claimDue), so a second
 * process skips them while they run and no longer finds them due afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { RECIPIENT_NAME_MAX_LENGTH, formatRupiah } from '@mizan/core';
import { createTestApp, messagesSent, reactionsDone, type TestApp } from '../../test/test-app';
import { countRows } from '../../test/rows';
import { addNasabah, postLoan } from '../../test/populate';
import { manualClock } from '../../lib/clock';
import type { SimulatorGateway } from '../../lib/whatsapp/simulator';
import { metricFamily, parseMetrics } from '../../test/prometheus';
import { retryDelayMs } from './reactions.service';
import { pruneDone } from './reactions.repository';

const METRICS_TOKEN = 'metrics-token-untuk-reaksi-123';
const FAILURE = 'reaksi gagal (uji)';
const LONG_NAME = `Bapak ${'Panjang'.repeat(40)}`.slice(0, RECIPIENT_NAME_MAX_LENGTH);
const clock = manualClock(new Date('2024-06-15T05:00:00Z'));

/** Every reaction of the server under test throws while this is on. */
let failing = false;
/** The server under test, with notification recipients; `plain` has none and does the same writes. */
let t: TestApp;
let plain: TestApp;
const nasabah = { subject: 0, plain: 0 };

const reacted = () => reactionsDone(t.app);
const sent = () => messagesSent(t.app);
const messages = () =>
  t.app.db
    .selectFrom('wa_messages')
    .select(['idempotency_key', 'nama', 'acara', 'text', 'status'])
    .where('jenis', '=', 'notifikasi')
    .orderBy('id')
    .execute();
const activityCount = () => countRows(t.app.db, 'activities');
const reactions = () =>
  t.app.db.selectFrom('reactions').select(['kind', 'status', 'attempts', 'last_error']).orderBy('id').execute();

/**
 * The same request on both servers (ids are equal: both databases are fresh and see the same
 * writes); the answers' statuses must be equal, and 2xx.
 */
async function both(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  const [subject, control] = await Promise.all([
    t.request({ method, url, ...(payload ? { payload } : {}) }),
    plain.request({ method, url, ...(payload ? { payload } : {}) }),
  ]);
  expect(subject.statusCode, subject.body).toBeLessThan(300);
  expect(subject.statusCode).toBe(control.statusCode);
  return subject;
}
async function bothLoans(fields: Record<string, unknown>) {
  const [subject, control] = await Promise.all([postLoan(t, nasabah.subject, fields), postLoan(plain, nasabah.plain, fields)]);
  expect(subject.id).toBe(control.id);
  return subject.id;
}

/** A loan's figures as GET /api/pinjaman/:id answers them, without its timestamps and links. */
async function figures(app: TestApp, id: number) {
  const res = await app.request({ method: 'GET', url: `/api/pinjaman/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    Object.entries(res.json().data as Record<string, unknown>).filter(([key]) => !/(_at|url)$/.test(key)),
  );
}
/** The loan's figures on the server under test equal those of the server without notifications. */
async function sameFigures(id: number) {
  const subject = await figures(t, id);
  expect(subject).toEqual(await figures(plain, id));
  return subject;
}

const payment = (pinjaman_id: number, angsuran_ke: number, jumlah: number) => ({
  pinjaman_id,
  tanggal: '2024-06-15',
  jumlah,
  jenis: 'angsuran',
  keterangan: null,
  angsuran_ke,
});

beforeAll(async () => {
  [t, plain] = await Promise.all([
    createTestApp(
      { institutionName: 'BMT Amanah', metricsToken: METRICS_TOKEN },
      {
        clock,
        beforeReaction: () => {
          if (failing) throw new Error(FAILURE);
        },
      },
    ),
    createTestApp({ institutionName: 'BMT Amanah' }, { clock }),
  ]);
  for (const [name, phone_number] of [
    [LONG_NAME, '081234567890'],
    ['Bu Rina', '081298765432'],
  ]) {
    const res = await t.request({ method: 'POST', url: '/api/wa-notification-recipients', payload: { name, phone_number } });
    expect(res.statusCode, res.body).toBe(201);
  }
  for (const [key, app] of [
    ['subject', t],
    ['plain', plain],
  ] as const) {
    nasabah[key] = (await addNasabah(app, 'Siti Aminah', { nik: '3201000000000001' })).id;
  }
  expect((await t.request({ method: 'POST', url: '/api/wa-sessions/create' })).statusCode).toBeLessThan(300);
  expect((await t.request({ method: 'POST', url: '/api/wa-sessions/simulator/scan' })).statusCode).toBe(200);
});
afterAll(async () => {
  await Promise.all([t?.close(), plain?.close()]);
});

it('waits 1 minute after a first failure, doubling up to an hour', () => {
  expect([1, 2, 3, 6, 7, 8, 20].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 32, 60, 60, 60]);
});

describe('a recipient whose name has 255 characters', () => {
  it('lets loans and payments be written, and is told of them with the whole name kept', async () => {
    expect(LONG_NAME).toHaveLength(255);
    const loan = await bothLoans({ nomor_pinjaman: 'MRB-01', tanggal_pinjam: '2024-06-01' });
    const pay = await both('POST', '/api/pembayaran', payment(loan, 1, 1_240_000));
    expect(pay.statusCode).toBe(201);
    const after = await sameFigures(loan);
    expect(after.total_pembayaran).toBe(1_240_000);

    await sent();
    const rows = await messages();
    expect(rows.map((r) => [r.acara, r.nama, r.status])).toEqual([
      ['pinjaman_baru', LONG_NAME, 'SENT'],
      ['pinjaman_baru', 'Bu Rina', 'SENT'],
      ['pembayaran_baru', LONG_NAME, 'SENT'],
      ['pembayaran_baru', 'Bu Rina', 'SENT'],
    ]);
    expect(rows[2]!.text).toContain(`Sisa pokok ${formatRupiah(after.sisa_pokok as number)}`);
    expect((t.app.wa.gateway as SimulatorGateway).sent).toHaveLength(4);
    expect((await reactions()).filter((r) => r.kind.startsWith('notifikasi.'))).toEqual([
      { kind: 'notifikasi.pinjaman_baru', status: 'done', attempts: 1, last_error: null },
      { kind: 'notifikasi.pembayaran_baru', status: 'done', attempts: 1, last_error: null },
    ]);
  });
});

describe('every reaction failing', () => {
  it('changes nothing of the money writes, is counted, and catches up once the reactions succeed, each message once', async () => {
    await t.app.db.deleteFrom('reactions').execute();
    const before = (await messages()).length;
    failing = true;

    // Every money endpoint: a loan (with a ta'zir in its akad, so that its payments' proposals react
    // too), payments recorded, edited and deleted, an early settlement.
    await both('PUT', '/api/settings/tazir', { aktif: true, jumlah: 50_000, tenggang_hari: 7 });
    const loan = await bothLoans({ nomor_pinjaman: 'MRB-02', tanggal_pinjam: '2024-06-01' });
    const first = (await both('POST', '/api/pembayaran', payment(loan, 1, 1_240_000))).json().data.id as number;
    // The balance right after the first payment: what its notification must tell, also when written later.
    const sisaAfterFirst = (await sameFigures(loan)).sisa_pokok as number;
    const second = (await both('POST', '/api/pembayaran', payment(loan, 2, 1_000_000))).json().data.id as number;
    await both('PUT', `/api/pembayaran/${second}`, payment(loan, 2, 1_240_000));
    expect((await sameFigures(loan)).total_pembayaran).toBe(2_480_000);
    await both('DELETE', `/api/pembayaran/${first}`);
    expect((await sameFigures(loan)).total_pembayaran).toBe(1_240_000);
    await both('POST', `/api/pinjaman/${loan}/pelunasan`, { tanggal: '2024-06-15' });
    const settled = await sameFigures(loan);
    expect(settled.status).toBe('lunas');

    await reacted();
    const failed = await reactions();
    expect(failed.filter((r) => r.kind.startsWith('notifikasi.')).map((r) => r.kind)).toEqual([
      'notifikasi.pinjaman_baru',
      'notifikasi.pembayaran_baru',
      'notifikasi.pembayaran_baru',
      'notifikasi.pinjaman_lunas',
      'notifikasi.pembayaran_baru',
    ]);
    // The activity feed reacts too, one per change; and the loan's ta'zir proposals.
    // The setting, the loan, four payment writes, the settlement.
    expect(failed.filter((r) => r.kind === 'aktivitas')).toHaveLength(7);
    // Each payment write and the settlement.
    expect(failed.filter((r) => r.kind === 'tazir.usulan')).toHaveLength(5);
    for (const r of failed) expect(r).toMatchObject({ status: 'failed', attempts: 1, last_error: FAILURE });
    expect(await messages()).toHaveLength(before);
    const activitiesBefore = await activityCount();

    // Visible: /metrics and the administrator's status page (Lainnya → Cadangan Data).
    const scrape = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const gauge = metricFamily(parseMetrics(scrape.body), 'mizan_reactions').metrics;
    expect(Object.fromEntries(gauge.map((m) => [m.labels?.state, m.value]))).toEqual({
      waiting: '0',
      failed: String(failed.length),
    });
    const status = await t.request({ method: 'GET', url: '/api/backup/status' });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data.reaksi).toEqual({ menunggu: 0, gagal: failed.length });

    // The failure lifted: nothing runs before the backoff has passed, everything once after it.
    failing = false;
    await reacted();
    expect((await reactions()).every((r) => r.status === 'failed')).toBe(true);
    clock.set(new Date(clock.now().getTime() + retryDelayMs(1)));
    await sent();
    expect((await reactions()).map((r) => [r.status, r.attempts])).toEqual(failed.map(() => ['done', 2]));
    const caughtUp = (await messages()).slice(before);
    expect(caughtUp.map((r) => r.acara)).toEqual([
      'pinjaman_baru',
      'pinjaman_baru',
      'pembayaran_baru',
      'pembayaran_baru',
      'pembayaran_baru',
      'pembayaran_baru',
      'pinjaman_lunas',
      'pinjaman_lunas',
      'pembayaran_baru',
      'pembayaran_baru',
    ]);
    expect(caughtUp.every((r) => r.status === 'SENT')).toBe(true);
    expect(new Set(caughtUp.map((r) => r.idempotency_key)).size).toBe(caughtUp.length);
    // The figures of the event, not of now: the first payment's balance right after it.
    expect(caughtUp[2]!.text).toContain(`Sisa pokok ${formatRupiah(sisaAfterFirst)}`);

    // The feed has each change's activity once.
    expect(await activityCount()).toBe(activitiesBefore + 7);

    // A reaction run again (a crash after its messages were written) writes nothing twice.
    await t.app.db.updateTable('reactions').set({ status: 'waiting', next_attempt_at: null }).execute();
    await sent();
    expect(await messages()).toHaveLength(before + caughtUp.length);
    expect(await activityCount()).toBe(activitiesBefore + 7);
    const idle = await t.request({ method: 'GET', url: '/api/backup/status' });
    expect(idle.json().data.reaksi).toEqual({ menunggu: 0, gagal: 0 });
  });
});

it('records a reaction whose SQL fails as failed, with the database’s error, and goes on with the next', async () => {
  await t.app.db.deleteFrom('reactions').execute();
  await t.app.db
    .insertInto('reactions')
    .values([
      // A payment id the database refuses: the reaction's statement aborts, its attempt is undone.
      { kind: 'notifikasi.pembayaran_baru', payload: JSON.stringify({ penerima: [1], pembayaran_id: 'bukan-angka' }) },
      { kind: 'tidak.dikenal', payload: '{}' },
    ])
    .execute();
  await reacted();
  const rows = await reactions();
  expect(rows.map((r) => [r.kind, r.status, r.attempts])).toEqual([
    ['notifikasi.pembayaran_baru', 'failed', 1],
    ['tidak.dikenal', 'failed', 1],
  ]);
  expect(rows[0]!.last_error).toMatch(/invalid input syntax for type (integer|bigint)/);
  expect(rows[1]!.last_error).toBe('no handler for reaction kind tidak.dikenal');
});

/** Each reaction's status and the transaction that last wrote its row. */
const writers = () =>
  t.app.db
    .selectFrom('reactions')
    .select(['status', 'attempts', sql<string>`xmin::text`.as('xmin')])
    .orderBy('id')
    .execute();

it('runs the reactions of one batch each on its own: one failing between two others undoes only its own writes', async () => {
  await t.app.db.deleteFrom('reactions').execute();
  const activity = (description: string) =>
    JSON.stringify([
      {
        type: 'uji.batch',
        description,
        category: 'other',
        status: 'selesai',
        amount: null,
        entity_type: null,
        entity_id: null,
        user_id: null,
      },
    ]);
  const feed = () =>
    t.app.db.selectFrom('activities').select('description').where('type', '=', 'uji.batch').orderBy('id').execute();
  await t.app.db
    .insertInto('reactions')
    .values([
      { kind: 'aktivitas', payload: activity('Sebelum yang gagal') },
      { kind: 'notifikasi.pembayaran_baru', payload: JSON.stringify({ penerima: [1], pembayaran_id: 'bukan-angka' }) },
      { kind: 'aktivitas', payload: activity('Sesudah yang gagal') },
    ])
    .execute();
  await reacted();
  expect((await reactions()).map((r) => [r.kind, r.status, r.attempts])).toEqual([
    ['aktivitas', 'done', 1],
    ['notifikasi.pembayaran_baru', 'failed', 1],
    ['aktivitas', 'done', 1],
  ]);
  expect((await feed()).map((r) => r.description)).toEqual(['Sebelum yang gagal', 'Sesudah yang gagal']);
  // One batch: the two done rows were marked by one transaction (their xmin; the failed one's
  // mark is written inside its savepoint, a subtransaction of the same).
  expect(new Set((await writers()).filter((r) => r.status === 'done').map((r) => r.xmin)).size).toBe(1);
});

it("runs each loan-locking reaction (ta'zir proposals) in a batch of its own, and all of them", async () => {
  await t.app.db.deleteFrom('reactions').execute();
  const loans = await t.app.db.selectFrom('pinjaman').select('id').orderBy('id').limit(2).execute();
  expect(loans).toHaveLength(2);
  await t.app.db
    .insertInto('reactions')
    .values([...loans, ...loans].map((l) => ({ kind: 'tazir.usulan', payload: JSON.stringify({ pinjaman_id: l.id }) })))
    .execute();
  await reacted();
  const rows = await writers();
  expect(rows.map((r) => [r.status, r.attempts])).toEqual(rows.map(() => ['done', 1]));
  // Each marked done by a transaction of its own (the row's writing transaction, xmin).
  expect(new Set(rows.map((r) => r.xmin)).size).toBe(4);
});

it('forgets done reactions older than the cut-off, never open ones', async () => {
  await t.app.db.deleteFrom('reactions').execute();
  const day = (d: number) => new Date(Date.UTC(2024, 5, d));
  await t.app.db
    .insertInto('reactions')
    .values([
      { kind: 'lama', payload: '{}', status: 'done', done_at: day(1) },
      { kind: 'baru', payload: '{}', status: 'done', done_at: day(10) },
      { kind: 'gagal', payload: '{}', status: 'failed', next_attempt_at: day(1) },
    ])
    .execute();
  await pruneDone(t.app.db, day(5), 1000);
  expect((await reactions()).map((r) => r.kind)).toEqual(['baru', 'gagal']);
});
