import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/test-db';
import { createDbAuthStore } from './auth-store';
import { BaileysGateway } from './baileys';
import { SimulatorGateway, SIMULATOR_ACCOUNT } from './simulator';
import { createFakeBaileys } from './testing/fake-baileys';
import { until } from './testing/until';
import type { WaGateway, WaSnapshot } from './types';

/**
 * The same contract, run against every adapter: the simulator, and the Baileys adapter driven by
 * a fake socket. Routes rely on exactly this behaviour.
 */
interface Harness {
  gateway: WaGateway;
  /** gateway.create(), with the fake WhatsApp showing a QR code once the socket exists. */
  create(): Promise<WaSnapshot>;
  /** The phone scans the QR code shown. */
  scan(): Promise<void>;
  account: { name: string; phone_number: string };
  /** Texts that reached "WhatsApp". */
  delivered(): Array<{ phone: string; text: string; messageId: string | undefined }>;
  close(): Promise<void>;
}

const OK_PHONE = '6281211112222';
const FAILING_PHONE = '6281299990000';

const adapters: Array<[string, () => Promise<Harness>]> = [
  [
    'simulator',
    async () => {
      const gateway = new SimulatorGateway();
      return {
        gateway,
        create: () => gateway.create(),
        scan: async () => {
          gateway.scan();
        },
        account: { name: SIMULATOR_ACCOUNT.name, phone_number: SIMULATOR_ACCOUNT.phone_number },
        delivered: () => gateway.sent.map((s) => ({ phone: s.phone, text: s.text, messageId: s.messageId })),
        close: () => gateway.close(),
      };
    },
  ],
  [
    'baileys (fake socket)',
    async () => {
      const handle: DatabaseHandle = await createTestDatabase();
      const fake = createFakeBaileys({
        notOnWhatsApp: (p) => p.endsWith('0000'),
        failSend: (jid) => jid.startsWith(FAILING_PHONE),
      });
      const gateway = new BaileysGateway({
        load: async () => fake.module,
        authStore: createDbAuthStore(handle.db),
        qrWaitMs: 2_000,
      });
      return {
        gateway,
        create: async () => {
          const before = fake.sockets.length;
          const creating = gateway.create();
          await until(() => fake.sockets.length > before, 5_000, 'the pairing socket');
          fake.last.showQr();
          return creating;
        },
        scan: async () => {
          const before = fake.sockets.length;
          const first = fake.last;
          first.newLogin({ id: '6289876543210:3@s.whatsapp.net', name: 'BMT Uji' });
          first.close(515, 'restart required');
          await until(() => fake.sockets.length === before + 1, 5_000, 'the restart socket');
          fake.last.open({ id: '6289876543210:3@s.whatsapp.net', name: 'BMT Uji' });
          await until(() => gateway.snapshot().status === 'READY');
        },
        account: { name: 'BMT Uji', phone_number: '6289876543210' },
        delivered: () =>
          fake.sockets.flatMap((s) => s.sent.map((m) => ({ phone: m.jid.split('@')[0]!, text: m.text, messageId: m.messageId }))),
        close: async () => {
          await gateway.close();
          await handle.close();
        },
      };
    },
  ],
];

describe.each(adapters)('WhatsApp gateway contract: %s', (_name, make) => {
  let h: Harness;
  beforeEach(async () => {
    h = await make();
    await h.gateway.start();
  });
  afterEach(async () => {
    await h.close();
  });

  const createSession = () => h.create();

  it('starts with no session', () => {
    expect(h.gateway.snapshot()).toMatchObject({
      status: null,
      qr_code: null,
      session_id: null,
      metadata: null,
      gateway: h.gateway.kind,
    });
  });

  it('creates a PENDING session with a PNG QR code, then READY with the account after the scan', async () => {
    const created = await createSession();
    expect(created.status).toBe('PENDING');
    expect(created.qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{100,}$/);
    expect(created.session_id).toMatch(/^[0-9a-f-]{36}$/);

    const qr = await h.gateway.qr();
    expect(qr.status).toBe('PENDING');
    expect(qr.qr_code).toMatch(/^data:image\/png;base64,/);

    await h.scan();
    const ready = h.gateway.snapshot();
    expect(ready).toMatchObject({
      status: 'READY',
      qr_code: null,
      error: null,
      phone_number: h.account.phone_number,
      metadata: { name: h.account.name, phone_number: h.account.phone_number },
    });
    expect(ready.metadata!.chats_count).toBeGreaterThanOrEqual(0);
    await expect(h.gateway.create()).rejects.toMatchObject({ reason: 'already-connected' });
    await expect(h.gateway.qr()).rejects.toMatchObject({ reason: 'already-connected' });
  });

  it('announces every status change', async () => {
    const seen: Array<string | null> = [];
    h.gateway.on('status', (s) => {
      if (seen.at(-1) !== s.status) seen.push(s.status);
    });
    await createSession();
    await h.scan();
    await h.gateway.logout();
    expect(seen).toEqual(['PENDING', 'READY', null]);
  });

  it('refuses to check or send before READY, and the QR without a session', async () => {
    await expect(h.gateway.checkNumbers([OK_PHONE])).rejects.toMatchObject({ reason: 'not-ready' });
    await expect(h.gateway.sendText(OK_PHONE, 'x', { messageId: h.gateway.newMessageId() })).rejects.toMatchObject({
      reason: 'not-ready',
    });
    await expect(h.gateway.qr()).rejects.toMatchObject({ reason: 'no-session' });
    expect(h.delivered()).toEqual([]);
  });

  it('checks numbers and sends with the message id chosen beforehand; the failing number fails', async () => {
    await createSession();
    await h.scan();
    const checks = await h.gateway.checkNumbers([OK_PHONE]);
    expect(checks).toEqual([{ phone: OK_PHONE, exists: true, jid: `${OK_PHONE}@s.whatsapp.net` }]);

    const id = h.gateway.newMessageId();
    expect(id).toMatch(/^[A-Z0-9]{12,}$/);
    expect(h.gateway.newMessageId()).not.toBe(id);
    await expect(h.gateway.sendText(OK_PHONE, 'Assalamualaikum', { messageId: id, jid: checks[0]!.jid })).resolves.toEqual({
      messageId: id,
    });
    await expect(h.gateway.sendText(FAILING_PHONE, 'Assalamualaikum', { messageId: h.gateway.newMessageId() })).rejects.toThrow();
    expect(h.delivered()).toEqual([{ phone: OK_PHONE, text: 'Assalamualaikum', messageId: id }]);
  });

  it('logs out: no session any more, and sending is refused', async () => {
    await createSession();
    await h.scan();
    await h.gateway.logout();
    expect(h.gateway.snapshot()).toMatchObject({ status: null, qr_code: null, metadata: null, phone_number: null });
    await expect(h.gateway.sendText(OK_PHONE, 'x', { messageId: 'X1' })).rejects.toMatchObject({ reason: 'not-ready' });
  });

  it('a new session replaces a pending one with a new id', async () => {
    const first = await createSession();
    const second = await createSession();
    expect(second.status).toBe('PENDING');
    expect(second.session_id).not.toBe(first.session_id);
  });
});
