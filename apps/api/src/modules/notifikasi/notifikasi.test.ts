import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  defaultNotifikasiSetting,
  defaultNotifikasiTemplates,
  renderTemplate,
  type NotifikasiSettingsResponse,
} from '@mizan/core';
import { createTestApp, messagesSent, reactionsDone, type TestApp } from '../../test/test-app';
import { expectFieldError } from '../../test/refusals';
import { addNasabah, paymentPayload, postLoan, postPayment } from '../../test/populate';
import { manualClock } from '../../lib/clock';
import type { SimulatorGateway } from '../../lib/whatsapp/simulator';
import { messageLog } from '../../lib/whatsapp/message-log.repository';
import { runDailyLedger } from '../ledger/ledger.service';
import { RECAP_JOB, sendDailyRecap } from './notifikasi.service';

// WhatsApp notifications to the recipients list (issue 24, part A): the setting with its field
// errors, and a business write producing one message per active recipient, recorded in its
// transaction, written after its commit and handed over by the sender, waiting while WhatsApp is
// not connected.

const clock = manualClock(new Date('2024-06-15T05:00:00Z'));
let t: TestApp;
let operatorToken: string;
let nasabahId = 0;
const sim = () => t.app.wa.gateway as SimulatorGateway;
const settings = structuredClone(defaultNotifikasiSetting);

const notifications = () =>
  t.app.db
    .selectFrom('wa_messages')
    .select(['idempotency_key', 'phone_number', 'text', 'status', 'acara', 'jenis'])
    .where('jenis', '=', 'notifikasi')
    .orderBy('id')
    .execute();
const put = (payload: unknown, token?: string) =>
  t.request({ method: 'PUT', url: '/api/settings/notifikasi', payload: payload as object, ...(token ? { token } : {}) });
const get = async () =>
  (await t.request({ method: 'GET', url: '/api/settings/notifikasi' })).json().data as NotifikasiSettingsResponse;
const connect = async () => {
  expect((await t.request({ method: 'POST', url: '/api/wa-sessions/create' })).statusCode).toBeLessThan(300);
  expect((await t.request({ method: 'POST', url: '/api/wa-sessions/simulator/scan' })).statusCode).toBe(200);
};
// The money write's notifications are written into the log by its reactions after the commit
// (modules/reactions), then handed over by the sender.
const reacted = () => reactionsDone(t.app);
const settle = () => messagesSent(t.app);

beforeAll(async () => {
  t = await createTestApp({ institutionName: 'BMT Amanah' }, { clock });
  operatorToken = (await t.createUser({ username: 'operator1', password: 'rahasia-operator-1', role: 'operator' })).token;
  for (const [name, phone_number, status] of [
    ['Pak Ahmad', '081234567890', 'active'],
    ['Bu Rina', '081298765432', 'active'],
    ['Pak Lama', '081211112222', 'inactive'],
  ] as const) {
    const res = await t.request({
      method: 'POST',
      url: '/api/wa-notification-recipients',
      payload: { name, phone_number, status },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  nasabahId = (await addNasabah(t, 'Siti Aminah', { nik: '3201000000000001' })).id;
  await connect();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.app.db.deleteFrom('wa_messages').execute();
  sim().sent.length = 0;
});

describe('GET/PUT /api/settings/notifikasi', () => {
  it('has every event on with the shipped templates and the recap at 17:00 by default', async () => {
    const data = await get();
    expect(data.setting).toEqual(defaultNotifikasiSetting);
    expect(data.bawaan).toEqual(defaultNotifikasiSetting);
    expect(data.diubah_oleh).toBeNull();
  });

  it.each([
    [{ pembayaran_baru: '' }, 'events.pembayaran_baru.template', 'Template tidak boleh kosong'],
    [{ pinjaman_baru: 'Halo {nama}' }, 'events.pinjaman_baru.template', 'Placeholder {nama} tidak dikenal'],
    [{ rekap_harian: 'NPF {npf' }, 'events.rekap_harian.template', 'Tanda { dan } harus berpasangan'],
  ])('refuses a bad template with a field error, storing nothing (%j)', async (templates, field, message) => {
    const body = structuredClone(settings);
    for (const [event, template] of Object.entries(templates)) body.events[event as 'pembayaran_baru'].template = template;
    const res = await put(body);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Array<{ path: string; msg: string }>;
    expect(
      errors
        .filter((e) => e.path === field)
        .map((e) => e.msg)
        .join(' '),
    ).toContain(message);
    expect((await get()).diubah_oleh).toBeNull();
  });

  it('refuses a bad recap time, and an operator', async () => {
    const res = await put({ ...settings, jam_rekap: '25:00' });
    expectFieldError(res, 'jam_rekap', 'Jam rekap harian harus berformat JJ:MM, misalnya 17:00');
    expect((await put(settings, operatorToken)).statusCode).toBe(403);
  });

  it('stores a change, logs who made it, and answers it to every user', async () => {
    const body = structuredClone(settings);
    body.events.pinjaman_lunas.aktif = false;
    body.events.pembayaran_baru.template = 'Masuk {jumlah} dari {nama_nasabah}';
    const res = await put(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Pengaturan notifikasi disimpan.');
    const data = await get();
    expect(data.setting).toEqual(body);
    expect(data.diubah_oleh).not.toBeNull();
    expect((await put(settings)).statusCode).toBe(200);
  });
});

describe('notifications of business writes', () => {
  it('tells every active recipient of a new loan and a payment, in the app’s formats, once each', async () => {
    const loan = await postLoan(t, nasabahId, { nomor_pinjaman: 'MRB-01', tanggal_pinjam: '2024-06-01' });
    await postPayment(t, loan.id, { tanggal: '2024-06-15' });
    await settle();
    const rows = await notifications();
    expect(rows.map((r) => [r.acara, r.phone_number, r.status])).toEqual([
      ['pinjaman_baru', '6281234567890', 'SENT'],
      ['pinjaman_baru', '6281298765432', 'SENT'],
      ['pembayaran_baru', '6281234567890', 'SENT'],
      ['pembayaran_baru', '6281298765432', 'SENT'],
    ]);
    const payment = rows.find((r) => r.acara === 'pembayaran_baru')!;
    expect(payment.text).toMatch(
      /^\[BMT Amanah\] Pembayaran baru: Siti Aminah, MRB-01, Angsuran Rp 1\.240\.000 tanggal 15 Juni 2024\. /,
    );
    expect(payment.text).toContain('Sisa pokok Rp ');
    expect(
      sim()
        .sent.map((m) => m.phone)
        .sort(),
    ).toEqual(['6281234567890', '6281234567890', '6281298765432', '6281298765432'].sort());
    // Sent once: another round hands over nothing more.
    await settle();
    expect(sim().sent).toHaveLength(4);
    // The settings screen's preview is this payment: the same text as the message sent.
    const { contoh } = await get();
    expect(renderTemplate(settings.events.pembayaran_baru.template, contoh.pembayaran_baru!)).toBe(payment.text);
    expect(renderTemplate(settings.events.pinjaman_baru.template, contoh.pinjaman_baru!)).toBe(rows[0]!.text);
  });

  it('tells only the recipients active now: a recipient switched off is not told of the next payment', async () => {
    const loan = await postLoan(t, nasabahId, { nomor_pinjaman: 'MRB-06', tanggal_pinjam: '2024-06-01' });
    const pay = (angsuran_ke: number) =>
      t.request({
        method: 'POST',
        url: '/api/pembayaran',
        payload: paymentPayload(loan.id, { tanggal: '2024-06-15', jumlah: 100_000, angsuran_ke }),
      });
    expect((await pay(1)).statusCode).toBe(201);
    const rina = (await t.app.db.selectFrom('wa_recipients').select('id').where('name', '=', 'Bu Rina').executeTakeFirstOrThrow())
      .id;
    const off = await t.request({
      method: 'PUT',
      url: `/api/wa-notification-recipients/${rina}`,
      payload: { name: 'Bu Rina', phone_number: '081298765432', status: 'inactive' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await pay(2)).statusCode).toBe(201);
    await reacted();
    const told = (await notifications()).filter((r) => r.acara === 'pembayaran_baru').map((r) => r.phone_number);
    expect(told).toEqual(['6281234567890', '6281298765432', '6281234567890']);
    const on = await t.request({
      method: 'PUT',
      url: `/api/wa-notification-recipients/${rina}`,
      payload: { name: 'Bu Rina', phone_number: '081298765432', status: 'active' },
    });
    expect(on.statusCode).toBe(200);
  });

  it('notifies no one of a payment that was refused and rolled back', async () => {
    const loan = await postLoan(t, nasabahId, { nomor_pinjaman: 'MRB-02', tanggal_pinjam: '2024-06-01' });
    await t.app.db.deleteFrom('wa_messages').execute();
    const payload = paymentPayload(loan.id, { tanggal: '2024-06-15', jumlah: 1_000_000 });
    expect((await t.request({ method: 'POST', url: '/api/pembayaran', payload })).statusCode).toBe(201);
    // The same instalment again: refused (409) after the payment row was tried in the transaction.
    expect((await t.request({ method: 'POST', url: '/api/pembayaran', payload })).statusCode).toBe(409);
    await settle();
    expect((await notifications()).filter((r) => r.acara === 'pembayaran_baru')).toHaveLength(2);
  });

  it('tells of a loan paid off, and nothing of an event switched off', async () => {
    const loan = await postLoan(t, nasabahId, { nomor_pinjaman: 'MRB-03', tanggal_pinjam: '2024-06-01', jumlah: 1_000_000 });
    const off = structuredClone(settings);
    off.events.pembayaran_baru.aktif = false;
    expect((await put(off)).statusCode).toBe(200);
    await postPayment(t, loan.id, { tanggal: '2024-06-15', jenis: 'pelunasan', angsuran_ke: null });
    await settle();
    const rows = await notifications();
    expect(rows.map((r) => r.acara)).toEqual(['pinjaman_baru', 'pinjaman_baru', 'pinjaman_lunas', 'pinjaman_lunas']);
    expect(rows.at(-1)!.text).toBe(
      '[BMT Amanah] Pinjaman lunas: Siti Aminah, MRB-03 (Pokok) sebesar Rp 1.000.000, lunas tanggal 15 Juni 2024.',
    );
    expect((await put(settings)).statusCode).toBe(200);
  });

  it('tells of loans that moved to class 3 in the daily job, not of a first computation', async () => {
    const loan = await postLoan(t, nasabahId, { nomor_pinjaman: 'MRB-04', tanggal_pinjam: '2024-03-15' });
    await t.app.ledgerJob.idle();
    // First due 2024-04-15, nothing paid: 90 days on 2024-07-14 (DPK), 91 on 2024-07-15 (Kurang Lancar).
    await runDailyLedger(t.app.db, '2024-07-14', { notifier: t.app.notifier });
    await settle();
    expect((await notifications()).filter((r) => r.acara === 'kolektibilitas_memburuk')).toEqual([]);
    await runDailyLedger(t.app.db, '2024-07-15', { notifier: t.app.notifier });
    await settle();
    const told = (await notifications()).filter((r) => r.acara === 'kolektibilitas_memburuk');
    expect(told.map((r) => r.idempotency_key.split(':').slice(0, 3).join(':'))).toEqual([
      `notif:kolektibilitas_memburuk:${loan.id}`,
      `notif:kolektibilitas_memburuk:${loan.id}`,
    ]);
    expect(told[0]!.text).toContain('MRB-04 dari 2 (Dalam Perhatian Khusus) menjadi 3 (Kurang Lancar) (91 hari');
    // Older loans of the same customer were class 3 already: not told again.
    expect(new Set(told.map((r) => r.idempotency_key)).size).toBe(2);
  });

  it('keeps notifications waiting while WhatsApp is not connected, across a restart, and sends them once connected', async () => {
    expect((await t.request({ method: 'DELETE', url: '/api/wa-sessions/logout' })).statusCode).toBeLessThan(300);
    await postLoan(t, nasabahId, { nomor_pinjaman: 'MRB-05', tanggal_pinjam: '2024-06-01' });
    await settle();
    expect((await notifications()).map((r) => r.status)).toEqual(['QUEUED', 'QUEUED']);
    // A restart: a test message never handed over fails (its request is gone); notifications wait.
    await messageLog.enqueue(t.app.db, [
      { idempotencyKey: 'test:x', recipientId: null, phone: '6281234567890', text: 'x', createdBy: null },
    ]);
    await messageLog.recoverAfterRestart(t.app.db);
    expect((await notifications()).map((r) => r.status)).toEqual(['QUEUED', 'QUEUED']);
    expect((await messageLog.findByKeys(t.app.db, ['test:x'])).get('test:x')!.status).toBe('FAILED');
    await connect();
    await settle();
    expect((await notifications()).map((r) => r.status)).toEqual(['SENT', 'SENT']);
    expect(sim().sent.map((m) => m.text)).toEqual([expect.stringContaining('MRB-05'), expect.stringContaining('MRB-05')]);
  });
});

describe('the daily recap', () => {
  it('tells every active recipient the day’s figures once, and nothing when switched off', async () => {
    const recap = await sendDailyRecap(t.app.db, t.app.notifier, '2024-06-15');
    expect(recap).toBe('sent');
    expect(await sendDailyRecap(t.app.db, t.app.notifier, '2024-06-15')).toBe('already');
    await settle();
    const rows = (await notifications()).filter((r) => r.acara === 'rekap_harian');
    expect(rows.map((r) => [r.phone_number, r.status])).toEqual([
      ['6281234567890', 'SENT'],
      ['6281298765432', 'SENT'],
    ]);
    // The payments dated 2024-06-15 by the tests above, counted from the table itself.
    const paid = await t.app.db
      .selectFrom('pembayaran')
      .innerJoin('pinjaman', 'pinjaman.id', 'pembayaran.pinjaman_id')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('pembayaran.jumlah').as('jumlah')])
      .where('pembayaran.tanggal', '=', '2024-06-15')
      .where('pembayaran.deleted_at', 'is', null)
      .where('pinjaman.deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(paid.n)).toBeGreaterThan(0);
    expect(rows[0]!.text).toContain(
      `[BMT Amanah] Rekap 15 Juni 2024: ${Number(paid.n)} pembayaran sebesar Rp ${Number(paid.jumlah).toLocaleString('id-ID')};`,
    );
    expect(rows[0]!.text).toMatch(/; NPF \d+,\d\d%\.$/);
    // The settings screen's preview of the recap is today's recap (the clock's day is 2024-06-15).
    expect(renderTemplate(settings.events.rekap_harian.template, (await get()).contoh.rekap_harian!)).toBe(rows[0]!.text);
    const off = structuredClone(settings);
    off.events.rekap_harian.aktif = false;
    expect((await put(off)).statusCode).toBe(200);
    expect(await sendDailyRecap(t.app.db, t.app.notifier, '2024-06-16')).toBe('off');
    expect((await notifications()).filter((r) => r.acara === 'rekap_harian')).toHaveLength(2);
    expect((await put(settings)).statusCode).toBe(200);
  });

  it.each([
    ['before 17:00 Jakarta', '2024-06-15T09:59:00Z', []],
    ['at 17:00 Jakarta', '2024-06-15T10:00:00Z', ['2024-06-15']],
    ['at 23:59 Jakarta', '2024-06-15T16:59:00Z', ['2024-06-15']],
    ['at 00:00 Jakarta, a new day before its time', '2024-06-15T17:00:00Z', []],
    ['after 17:00 on a month’s last day', '2024-06-30T10:30:00Z', ['2024-06-30']],
  ])('is sent at start when its time of the Jakarta day has passed: %s', async (_when, now, expected) => {
    const other = await createTestApp({}, { clock: manualClock(new Date(now)) });
    try {
      const runs = async () =>
        (await other.app.db.selectFrom('job_runs').select(['tanggal', 'finished_at']).where('job', '=', RECAP_JOB).execute())
          .filter((r) => r.finished_at !== null)
          .map((r) => r.tanggal);
      // The start's check runs in the background.
      await other.app.recapJob.idle();
      expect(await runs()).toEqual(expected);
    } finally {
      await other.close();
    }
  });
});

it('ships templates that name the institution', () => {
  for (const template of Object.values(defaultNotifikasiTemplates)) expect(template).toContain('{lembaga}');
});
