import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  defaultPengingatSetting,
  jakartaInstant,
  todayJakarta,
  type WaMessage,
  type WaMessageList,
  type WaMessageSummary,
} from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { pagingRefusals, type QueryRefusal } from '../../test/refusals';
import { messageLog } from '../../lib/whatsapp/message-log.repository';
import type { SimulatorGateway } from '../../lib/whatsapp/simulator';
import { SIMULATOR_FAILING_SUFFIX } from '../../lib/whatsapp/simulator';
import { MESSAGE_NOT_FOUND, NOT_RESENDABLE } from './wa-messages.service';
import { NOT_CONNECTED } from '../wa-sessions/wa-sessions.service';

// The message log (issue 24, part C): the list with its filters, search and pages, today's
// counters, and "Kirim ulang" of a failed or uncertain message, with the bad inputs of each.

let t: TestApp;
let operatorToken: string;
const sim = () => t.app.wa.gateway as SimulatorGateway;

const list = async (query: string, token?: string) => {
  const res = await t.request({ method: 'GET', url: `/api/wa-messages${query}`, ...(token ? { token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as WaMessageList;
};
const resend = (id: number) => t.request({ method: 'POST', url: `/api/wa-messages/${id}/kirim-ulang` });
/** Moves rows to another time of writing (created_at is never updated by the app). */
const setCreatedAt = (keys: string[], at: Date) =>
  sql`update wa_messages set created_at = ${at} where idempotency_key in (${sql.join(keys)})`.execute(t.app.db);
const idOf = async (key: string) => (await messageLog.findByKeys(t.app.db, [key])).get(key)!.id;
const connect = async () => {
  if (sim().snapshot().status === 'READY') return;
  expect((await t.request({ method: 'POST', url: '/api/wa-sessions/create' })).statusCode).toBeLessThan(300);
  expect((await t.request({ method: 'POST', url: '/api/wa-sessions/simulator/scan' })).statusCode).toBe(200);
};

/** A log row of each kind; the failed ones as the sender leaves them (claimed once, then FAILED). */
async function seed() {
  await messageLog.enqueue(t.app.db, [
    {
      idempotencyKey: 'test:a:1',
      jenis: 'test',
      recipientId: null,
      nama: 'Pak Ahmad',
      phone: '6281234567890',
      text: 'Tes satu',
      createdBy: null,
    },
    {
      idempotencyKey: 'notif:x:1',
      jenis: 'notifikasi',
      acara: 'pembayaran_baru',
      recipientId: null,
      nama: 'Bu Rina',
      phone: '6281298765432',
      text: 'Pembayaran baru Rp 1.000.000',
      createdBy: null,
    },
    {
      idempotencyKey: 'notif:x:2',
      jenis: 'notifikasi',
      acara: 'pinjaman_baru',
      recipientId: null,
      nama: 'Pak Ahmad',
      phone: '6281234567890',
      text: 'Pinjaman baru',
      createdBy: null,
    },
    {
      idempotencyKey: 'notif:x:3',
      jenis: 'notifikasi',
      acara: 'pinjaman_lunas',
      recipientId: null,
      nama: 'Bu Rina',
      phone: '6281298765432',
      text: 'Pinjaman lunas',
      createdBy: null,
    },
  ]);
  // test:a:1 sent; notif:x:1 failed once; notif:x:2 cut off while sending (UNCERTAIN); notif:x:3 waits.
  for (const [key, end] of [
    ['test:a:1', 'sent'],
    ['notif:x:1', 'failed'],
    ['notif:x:2', 'uncertain'],
  ] as const) {
    expect(await messageLog.claim(t.app.db, key, `MSG-${key}`)).toBe(true);
    if (end === 'sent') await messageLog.markSent(t.app.db, key, `MSG-${key}`);
    if (end === 'failed') await messageLog.markFailed(t.app.db, key, 'Koneksi terputus');
  }
  await t.app.db
    .updateTable('wa_messages')
    .set({ status: 'UNCERTAIN', error: 'Tidak pasti' })
    .where('idempotency_key', '=', 'notif:x:2')
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  operatorToken = (await t.createUser({ username: 'operator1', password: 'rahasia-operator-1', role: 'operator' })).token;
  // Keep the sender off these rows: only "Kirim ulang" hands them over in these tests.
  await t.app.wa.dispatcher.close();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.app.db.deleteFrom('wa_messages').execute();
  sim().sent.length = 0;
  await seed();
});

describe('GET /api/wa-messages', () => {
  it('lists every message newest first with its kind, recipient, status and attempts', async () => {
    const data = await list('');
    expect(data.messages.map((m) => [m.jenis, m.acara, m.nama, m.status, m.attempts])).toEqual([
      ['notifikasi', 'pinjaman_lunas', 'Bu Rina', 'QUEUED', 0],
      ['notifikasi', 'pinjaman_baru', 'Pak Ahmad', 'UNCERTAIN', 1],
      ['notifikasi', 'pembayaran_baru', 'Bu Rina', 'FAILED', 1],
      ['test', null, 'Pak Ahmad', 'SENT', 1],
    ]);
    expect(data.messages[2]!.error).toBe('Koneksi terputus');
    expect(data.pagination).toEqual({ current_page: 1, items_per_page: 10, has_more: false });
  });

  it('filters by kind, status and Jakarta days, searches by name or number, and pages', async () => {
    expect((await list('?jenis=test')).messages.map((m) => m.text)).toEqual(['Tes satu']);
    expect((await list('?status=FAILED')).messages.map((m) => m.text)).toEqual(['Pembayaran baru Rp 1.000.000']);
    expect((await list('?search=rina')).messages.map((m) => m.nama)).toEqual(['Bu Rina', 'Bu Rina']);
    expect((await list('?search=0812-3456-7890')).messages.map((m) => m.nama)).toEqual(['Pak Ahmad', 'Pak Ahmad']);
    expect((await list('?jenis=all&status=&search=')).messages).toHaveLength(4);
    // One row written at 23:59 Jakarta on 31 October, one at 00:00 Jakarta on 1 November.
    await setCreatedAt(['test:a:1'], jakartaInstant('2026-10-31', 23, 59));
    await setCreatedAt(['notif:x:1'], jakartaInstant('2026-11-01', 0, 0));
    expect((await list('?dari=2026-10-31&sampai=2026-10-31')).messages.map((m) => m.text)).toEqual(['Tes satu']);
    expect((await list('?dari=2026-11-01&sampai=2026-11-01')).messages.map((m) => m.text)).toEqual([
      'Pembayaran baru Rp 1.000.000',
    ]);
    expect((await list('?sampai=2026-11-01')).messages.map((m) => m.text).sort()).toEqual([
      'Pembayaran baru Rp 1.000.000',
      'Tes satu',
    ]);
    // Pages of three: the first says more follow, the second (the last row) that none do; an exact fit says none.
    expect((await list('?limit=3')).pagination).toEqual({ current_page: 1, items_per_page: 3, has_more: true });
    const page2 = await list('?limit=3&page=2');
    expect(page2.messages.map((m) => m.text)).toEqual(['Tes satu']);
    expect(page2.pagination).toEqual({ current_page: 2, items_per_page: 3, has_more: false });
    expect((await list('?limit=4')).pagination.has_more).toBe(false);
    expect((await list('?limit=2&page=3')).messages).toEqual([]);
    // Every signed-in user reads the log.
    expect((await list('', operatorToken)).messages).toHaveLength(4);
  });

  it.each<QueryRefusal>([
    ['status=TERKIRIM', 'status', 'Filter status tidak valid'],
    ['jenis=sms', 'jenis', 'Filter jenis tidak valid'],
    ['dari=2026-02-30', 'dari', 'Format tanggal tidak valid'],
    ['dari=2026-11-02&sampai=2026-11-01', 'sampai', 'Tanggal akhir tidak boleh sebelum tanggal awal'],
    ...pagingRefusals,
  ])('refuses ?%s with a field error', async (query, path, msg) => {
    const res = await t.request({ method: 'GET', url: `/api/wa-messages?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path, msg: expect.stringContaining(msg) }]);
  });
});

describe('GET /api/wa-messages/ringkasan', () => {
  it('counts today’s sent and failed messages and everything waiting', async () => {
    // A message of yesterday that failed and one waiting since yesterday.
    await messageLog.enqueue(t.app.db, [
      {
        idempotencyKey: 'notif:old:1',
        jenis: 'notifikasi',
        recipientId: null,
        phone: '6281234567890',
        text: 'Lama',
        createdBy: null,
      },
      {
        idempotencyKey: 'notif:old:2',
        jenis: 'notifikasi',
        recipientId: null,
        phone: '6281234567890',
        text: 'Lama 2',
        createdBy: null,
      },
    ]);
    await messageLog.markFailed(t.app.db, 'notif:old:1', 'x');
    const yesterday = new Date(jakartaInstant(todayJakarta(), 0, 0).getTime() - 60_000);
    await setCreatedAt(['notif:old:1', 'notif:old:2'], yesterday);
    const res = await t.request({ method: 'GET', url: '/api/wa-messages/ringkasan' });
    expect(res.statusCode).toBe(200);
    // No reminder went today; the number is new (never linked): the first week's cap of 50.
    expect(res.json().data as WaMessageSummary).toEqual({
      tanggal: todayJakarta(),
      terkirim: 1,
      menunggu: 2,
      gagal: 2,
      batas: defaultPengingatSetting.batas_minggu_pertama,
      sisa_batas: defaultPengingatSetting.batas_minggu_pertama,
    });
  });
});

describe('POST /api/wa-messages/:id/kirim-ulang', () => {
  it('refuses while WhatsApp is not connected, a message that did not fail, and one that does not exist', async () => {
    const failed = await idOf('notif:x:1');
    expect(sim().snapshot().status).not.toBe('READY');
    const offline = await resend(failed);
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toBe(NOT_CONNECTED);
    await connect();
    for (const key of ['test:a:1', 'notif:x:3']) {
      const res = await resend(await idOf(key));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(NOT_RESENDABLE);
    }
    const missing = await resend(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGE_NOT_FOUND);
    const bad = await t.request({ method: 'POST', url: '/api/wa-messages/abc/kirim-ulang' });
    expect(bad.statusCode).toBe(400);
    // Nothing was handed over by the refused requests.
    expect(sim().sent).toEqual([]);
    expect((await messageLog.findByKeys(t.app.db, ['notif:x:1'])).get('notif:x:1')!.status).toBe('FAILED');
  });

  it('hands a failed and an uncertain message over again, once each, counting the attempt', async () => {
    await connect();
    for (const key of ['notif:x:1', 'notif:x:2']) {
      const res = await resend(await idOf(key));
      expect(res.statusCode, res.body).toBe(200);
      const message = res.json().data as WaMessage;
      expect([message.status, message.attempts, message.error]).toEqual(['SENT', 2, null]);
      expect(res.json().message).toBe('Pesan dikirim ulang.');
      // Resent already: a second click is refused, not sent twice.
      expect((await resend(await idOf(key))).statusCode).toBe(409);
    }
    expect(sim().sent.map((m) => m.text)).toEqual(['Pembayaran baru Rp 1.000.000', 'Pinjaman baru']);
  });

  it('answers the new failure when the resend fails again', async () => {
    await connect();
    const phone = `62812345${SIMULATOR_FAILING_SUFFIX}`;
    await messageLog.enqueue(t.app.db, [
      { idempotencyKey: 'notif:fail:1', jenis: 'notifikasi', recipientId: null, phone, text: 'Gagal lagi', createdBy: null },
    ]);
    await messageLog.markFailed(t.app.db, 'notif:fail:1', 'pertama');
    const res = await resend(await idOf('notif:fail:1'));
    expect(res.statusCode).toBe(200);
    const message = res.json().data as WaMessage;
    expect(message.status).toBe('FAILED');
    expect(message.error).not.toBe('pertama');
    expect(res.json().message).toBe(`Pesan gagal dikirim ulang: ${message.error}`);
  });
});
