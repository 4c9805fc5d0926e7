import { describe, expect, it } from 'vitest';
import { appPerFile, createTestApp, type TestApp } from '../../test/test-app';
import { expectFieldError } from '../../test/refusals';
import { SIMULATOR_ACCOUNT, SimulatorGateway } from '../../lib/whatsapp/simulator';
import { NO_ACTIVE_RECIPIENTS, NOT_CONNECTED } from './wa-sessions.service';

let t: TestApp;
appPerFile((app) => {
  t = app;
});

const sim = () => t.app.wa.gateway as SimulatorGateway;
const status = async () => (await t.request({ method: 'GET', url: '/api/wa-sessions/status' })).json().data;
const sendTest = (message: unknown, key?: string) =>
  t.request({
    method: 'POST',
    url: '/api/wa-sessions/test-message',
    payload: { message },
    headers: key ? { 'idempotency-key': key } : {},
  });
const addRecipient = async (name: string, phone_number: string, status = 'active') =>
  (await t.request({ method: 'POST', url: '/api/wa-notification-recipients', payload: { name, phone_number, status } })).json()
    .data;

describe('WhatsApp session flow (simulator)', () => {
  it('starts without a session and needs a token', async () => {
    expect(await status()).toEqual({
      gateway: 'simulator',
      session_id: null,
      status: null,
      qr_code: null,
      phone_number: null,
      metadata: null,
      error: null,
      updated_at: expect.any(String),
      test_message_sent_at: null,
    });
    expect((await t.request({ method: 'GET', url: '/api/wa-sessions/status', token: null })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/wa-sessions/simulator/scan', token: null })).statusCode).toBe(401);
  });

  it('refuses the QR and a test message without a session', async () => {
    const qr = await t.request({ method: 'GET', url: '/api/wa-sessions/qr' });
    expect(qr.statusCode).toBe(404);
    expect(qr.json().success).toBe(false);
    const res = await sendTest('Halo');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: NOT_CONNECTED });
  });

  it('create → PENDING with a QR image; qr and status name the same session', async () => {
    const res = await t.request({ method: 'POST', url: '/api/wa-sessions/create' });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created.message).toBe('Session berhasil dibuat. Silakan scan QR code.');
    expect(created.data).toMatchObject({ gateway: 'simulator', status: 'PENDING', error: null, metadata: null });
    expect(created.data.qr_code).toMatch(/^data:image\/png;base64,/);

    const qr = (await t.request({ method: 'GET', url: '/api/wa-sessions/qr' })).json();
    expect(qr.message).toBe('QR Code berhasil dimuat');
    expect(qr.data).toMatchObject({ status: 'PENDING', session_id: created.data.session_id });
    expect(qr.data.qr_code).toMatch(/^data:image\/png;base64,/);
    expect((await status()).session_id).toBe(created.data.session_id);
  });

  it('scan → READY with the fake account; a new session is refused while connected', async () => {
    const res = await t.request({ method: 'POST', url: '/api/wa-sessions/simulator/scan' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'READY',
      qr_code: null,
      phone_number: SIMULATOR_ACCOUNT.phone_number,
      metadata: {
        name: SIMULATOR_ACCOUNT.name,
        phone_number: SIMULATOR_ACCOUNT.phone_number,
        chats_count: SIMULATOR_ACCOUNT.chats_count,
      },
    });
    expect((await status()).status).toBe('READY');
    const again = await t.request({ method: 'POST', url: '/api/wa-sessions/create' });
    expect(again.statusCode).toBe(409);
    expect((await t.request({ method: 'POST', url: '/api/wa-sessions/simulator/scan' })).statusCode).toBe(404);
  });

  it('validates the message: required, at most 1000 characters', async () => {
    for (const [message, msg] of [
      ['', 'Pesan harus diisi'],
      ['   ', 'Pesan harus diisi'],
      [undefined, 'Pesan harus diisi'],
      ['x'.repeat(1001), 'Pesan maksimal 1000 karakter'],
    ] as const) {
      const res = await sendTest(message);
      expectFieldError(res, 'message', msg);
    }
    expect(sim().sent).toEqual([]);
  });

  it('says so when there is no active recipient', async () => {
    await addRecipient('Cuti', '081300000001', 'inactive');
    const res = await sendTest('Halo');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NO_ACTIVE_RECIPIENTS);
  });

  it('sends to every active recipient; the 0000 number fails; the log has every message', async () => {
    const budi = await addRecipient('Pak Budi', '081211112222');
    const gagal = await addRecipient('Nomor Gagal', '081299990000');
    const res = await sendTest('Assalamualaikum, ini pesan test.');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Pesan test terkirim ke 1 dari 2 penerima');
    expect(body.data.total_recipients).toBe(2);
    // Ordered by name: Nomor Gagal, Pak Budi; wa_response is aligned with recipients.
    expect(body.data.recipients).toEqual([
      { id: gagal.id, name: 'Nomor Gagal', phone_number: '6281299990000' },
      { id: budi.id, name: 'Pak Budi', phone_number: '6281211112222' },
    ]);
    expect(body.data.wa_response).toEqual([
      { success: false, status: 'FAILED', message_id: expect.any(String), error: expect.stringContaining('0000') },
      { success: true, status: 'SENT', message_id: expect.any(String), error: null },
    ]);
    expect(sim().sent).toEqual([
      { phone: '6281211112222', text: 'Assalamualaikum, ini pesan test.', messageId: body.data.wa_response[1].message_id },
    ]);

    const log = await t.app.db.selectFrom('wa_messages').selectAll().orderBy('id').execute();
    expect(log.map((r) => [r.phone_number, r.status, r.recipient_id])).toEqual(
      expect.arrayContaining([
        ['6281211112222', 'SENT', budi.id],
        ['6281299990000', 'FAILED', gagal.id],
      ]),
    );
    expect(log).toHaveLength(2);
    const admin = await t.app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(log.every((r) => r.created_by === admin.id && r.text === 'Assalamualaikum, ini pesan test.')).toBe(true);
  });

  it('never sends twice for one Idempotency-Key; a new key sends again', async () => {
    const before = sim().sent.length;
    const first = (await sendTest('Tes ulang', 'kunci-uji-0001')).json();
    expect(sim().sent.length).toBe(before + 1);
    const repeat = await sendTest('Tes ulang', 'kunci-uji-0001');
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().data).toEqual(first.data);
    expect(sim().sent.length).toBe(before + 1);
    await sendTest('Tes ulang', 'kunci-uji-0002');
    expect(sim().sent.length).toBe(before + 2);
    const bad = await sendTest('Tes', 'x y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('idempotency-key');
  });

  it('logout → no session; the QR and test messages are refused again', async () => {
    const res = await t.request({ method: 'DELETE', url: '/api/wa-sessions/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('WhatsApp berhasil diputus');
    expect(res.json().data).toMatchObject({ status: null, qr_code: null, metadata: null });
    expect((await status()).status).toBeNull();
    expect((await sendTest('Halo')).statusCode).toBe(409);
    expect((await t.request({ method: 'GET', url: '/api/wa-sessions/qr' })).statusCode).toBe(404);
  });
});

describe('a test message marks the session tested (issue 22: step "Test Pesan")', () => {
  it('only when one reached WhatsApp on the session connected now, as the message log says', async () => {
    const s = await createTestApp();
    try {
      const get = async () => (await s.request({ method: 'GET', url: '/api/wa-sessions/status' })).json().data;
      const send = (message: string) => s.request({ method: 'POST', url: '/api/wa-sessions/test-message', payload: { message } });
      const recipient = (name: string, phone_number: string) =>
        s.request({ method: 'POST', url: '/api/wa-notification-recipients', payload: { name, phone_number, status: 'active' } });
      const connect = async () => {
        const created = (await s.request({ method: 'POST', url: '/api/wa-sessions/create' })).json().data;
        expect(created).toMatchObject({ status: 'PENDING', test_message_sent_at: null });
        const scanned = (await s.request({ method: 'POST', url: '/api/wa-sessions/simulator/scan' })).json().data;
        expect(scanned).toMatchObject({ status: 'READY', test_message_sent_at: null });
        return created.session_id as string;
      };

      const first = await connect();
      // Every recipient failed: nothing reached WhatsApp, the step is not done.
      await recipient('Nomor Gagal', '081299990000');
      expect((await send('Tes')).json().message).toBe('Pesan test terkirim ke 0 dari 1 penerima');
      expect((await get()).test_message_sent_at).toBeNull();

      await recipient('Pak Budi', '081211112222');
      expect((await send('Tes lagi')).json().message).toBe('Pesan test terkirim ke 1 dari 2 penerima');
      const tested = await get();
      expect(tested.test_message_sent_at).toEqual(expect.any(String));
      expect(Number.isNaN(Date.parse(tested.test_message_sent_at))).toBe(false);
      const log = await s.app.db.selectFrom('wa_messages').select(['session_id', 'status']).execute();
      expect(log).toHaveLength(3);
      expect(log.every((row) => row.session_id === first)).toBe(true);

      // A new pairing starts untested, although the log keeps the old session's test.
      await s.request({ method: 'DELETE', url: '/api/wa-sessions/logout' });
      expect((await get()).test_message_sent_at).toBeNull();
      const second = await connect();
      expect(second).not.toBe(first);
      expect((await get()).test_message_sent_at).toBeNull();
    } finally {
      await s.close();
    }
  });
});

describe('baileys mode', () => {
  it('does not mount the simulator scan, and never connects at start-up without stored creds', async () => {
    const b = await createTestApp({ waGateway: 'baileys' });
    try {
      expect(b.app.wa.gateway.kind).toBe('baileys');
      expect((await b.request({ method: 'GET', url: '/api/wa-sessions/status' })).json().data).toMatchObject({
        gateway: 'baileys',
        status: null,
      });
      const scan = await b.request({ method: 'POST', url: '/api/wa-sessions/simulator/scan' });
      expect(scan.statusCode).toBe(404);
    } finally {
      await b.close();
    }
  });
});
