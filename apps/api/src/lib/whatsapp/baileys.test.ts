import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { databasePerFile } from '../../test/test-app';
import { createDbAuthStore, type WaAuthStore } from './auth-store';
import { backoffDelay, BaileysGateway, closeCode, QR_EXPIRED_MESSAGE, type BaileysGatewayOptions } from './baileys';
import { createFakeBaileys, type FakeBaileys } from './testing/fake-baileys';
import { until } from './testing/until';
import { NOT_OWNER_MESSAGE, type SessionLock } from './session-lock';

let handle: DatabaseHandle;
databasePerFile((fresh) => {
  handle = fresh;
});

interface Rig {
  gateway: BaileysGateway;
  fake: FakeBaileys;
  store: WaAuthStore;
  /** Ordered trace: 'save:start', 'save:end', 'socket:N'. */
  trace: string[];
  statuses: Array<string | null>;
  /** While set, creds saves wait for it. */
  holdSaves(): () => void;
}

const rigs: Rig[] = [];

function makeRig(options: Partial<BaileysGatewayOptions> & { failSave?: boolean } = {}): Rig {
  const trace: string[] = [];
  const base = createDbAuthStore(handle.db);
  let gate: Promise<void> | null = null;
  const store: WaAuthStore = {
    ...base,
    async load(codec) {
      const loaded = await base.load(codec);
      return {
        state: loaded.state,
        async saveCreds() {
          trace.push('save:start');
          if (gate) await gate;
          if (options.failSave) throw new Error('disk full');
          await loaded.saveCreds();
          trace.push('save:end');
        },
      };
    },
  };
  const fake = createFakeBaileys({ onSocket: () => trace.push(`socket:${fake.sockets.length}`) });
  const gateway = new BaileysGateway({
    load: async () => fake.module,
    authStore: store,
    random: () => 0.5,
    qrWaitMs: 2_000,
    ...options,
  });
  const statuses: Array<string | null> = [];
  gateway.on('status', (s) => {
    if (statuses.at(-1) !== s.status) statuses.push(s.status);
  });
  const rig: Rig = {
    gateway,
    fake,
    store,
    trace,
    statuses,
    holdSaves() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
  rigs.push(rig);
  return rig;
}

/** create() with the fake WhatsApp showing a QR as soon as the socket exists. */
async function createPending(rig: Rig) {
  const before = rig.fake.sockets.length;
  const creating = rig.gateway.create();
  await until(() => rig.fake.sockets.length > before, 5_000, 'pairing socket');
  rig.fake.last.showQr();
  return creating;
}

/** Pairing up to READY: qr → new login → close 515 → (restart) open. */
async function connect(rig: Rig) {
  await createPending(rig);
  rig.fake.last.newLogin();
  rig.fake.last.close(515, 'restart required');
  const count = rig.fake.sockets.length;
  await until(() => rig.fake.sockets.length === count + 1, 5_000, 'restart socket');
  rig.fake.last.open();
  await until(() => rig.gateway.snapshot().status === 'READY');
}

beforeEach(async () => {
  await handle.db.deleteFrom('wa_auth_state').execute();
});
afterEach(async () => {
  vi.useRealTimers();
  while (rigs.length) await rigs.pop()!.gateway.close();
});

describe('pairing', () => {
  it('qr → new login → close 515 → open: PENDING then READY, two sockets, creds saved before the second', async () => {
    const rig = makeRig();
    const created = await createPending(rig);
    expect(created).toMatchObject({ status: 'PENDING', error: null });
    expect(created.qr_code).toMatch(/^data:image\/png;base64,/);

    const release = rig.holdSaves();
    rig.fake.last.newLogin({ id: '6281234567890:7@s.whatsapp.net', name: 'Koperasi Uji' });
    rig.fake.last.close(515, 'restart required');
    // The restart waits for the creds to be written.
    await new Promise((r) => setTimeout(r, 50));
    expect(rig.fake.sockets).toHaveLength(1);
    release();
    await until(() => rig.fake.sockets.length === 2);
    expect(rig.trace).toEqual(['socket:1', 'save:start', 'save:end', 'socket:2']);

    rig.fake.last.emit('messaging-history.set', { chats: [{ id: 'a@s.whatsapp.net' }, { id: 'b@s.whatsapp.net' }] });
    rig.fake.last.open({ id: '6281234567890:7@s.whatsapp.net', name: 'Koperasi Uji' });
    await until(() => rig.gateway.snapshot().status === 'READY');
    expect(rig.gateway.snapshot()).toMatchObject({
      status: 'READY',
      qr_code: null,
      phone_number: '6281234567890',
      metadata: { name: 'Koperasi Uji', phone_number: '6281234567890', chats_count: 2 },
    });
    rig.fake.last.emit('chats.upsert', [{ id: 'c@s.whatsapp.net' }, { id: 'a@s.whatsapp.net' }]);
    rig.fake.last.emit('chats.delete', ['b@s.whatsapp.net']);
    expect(rig.gateway.snapshot().metadata!.chats_count).toBe(2);
    expect(rig.statuses).toEqual(['PENDING', 'READY']);
    expect(rig.gateway.socketsCreated).toBe(2);
    expect(await rig.store.hasLinkedCreds()).toBe(true);
  });

  it('asks baileys for no online presence and no full history sync', async () => {
    const rig = makeRig();
    await createPending(rig);
    expect(rig.fake.last.config).toMatchObject({
      markOnlineOnConnect: false,
      syncFullHistory: false,
      browser: ['Ubuntu', 'Chrome', '22.04.4'],
    });
  });

  it('408 when the QR attempts are used up: FAILED, never another socket (no QR loop)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const rig = makeRig();
    await createPending(rig);
    rig.fake.last.close(408, 'QR refs attempts ended');
    await until(() => rig.gateway.snapshot().status === 'FAILED');
    expect(rig.gateway.snapshot()).toMatchObject({ status: 'FAILED', qr_code: null, error: QR_EXPIRED_MESSAGE });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(rig.fake.sockets).toHaveLength(1);
  });

  it('resumes a linked session at start-up without a QR code, as the same session', async () => {
    const first = makeRig();
    await connect(first);
    const sessionId = first.gateway.snapshot().session_id;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await first.gateway.close();
    rigs.splice(rigs.indexOf(first), 1);

    const second = makeRig();
    await second.gateway.start();
    expect(second.gateway.snapshot().status).toBe('DISCONNECTED');
    await until(() => second.fake.sockets.length === 1);
    expect(second.fake.last.config.auth.creds.me).toMatchObject({ id: '6281234567890:7@s.whatsapp.net' });
    second.fake.last.open();
    await until(() => second.gateway.snapshot().status === 'READY');
    expect(second.statuses).toEqual(['DISCONNECTED', 'READY']);
    // The message log ties test messages to this id, so the restart keeps it.
    expect(second.gateway.snapshot().session_id).toBe(sessionId);
  });

  it('start-up without stored creds stays without a session and makes no socket', async () => {
    const rig = makeRig();
    await rig.gateway.start();
    expect(rig.gateway.snapshot().status).toBeNull();
    expect(rig.fake.sockets).toHaveLength(0);
  });
});

describe('closed for good', () => {
  it('401 (logged out on the phone): FAILED, no reconnect, stored creds forgotten', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const rig = makeRig();
    await connect(rig);
    rig.fake.last.close(401, 'logged out');
    await until(() => rig.gateway.snapshot().status === 'FAILED');
    expect(rig.gateway.snapshot().error).toMatch(/401/);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(rig.fake.sockets).toHaveLength(2);
    await vi.waitFor(async () => expect(await rig.store.hasLinkedCreds()).toBe(false));
  });

  it.each([403, 411, 440])('%i: FAILED, no reconnect, creds kept', async (code) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const rig = makeRig();
    await connect(rig);
    rig.fake.last.close(code);
    await until(() => rig.gateway.snapshot().status === 'FAILED');
    expect(rig.gateway.snapshot().error).toContain(`(${code})`);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(rig.fake.sockets).toHaveLength(2);
    expect(await rig.store.hasLinkedCreds()).toBe(true);
  });
});

describe('transient drops', () => {
  it('backoff: 1 s doubling to 60 s with ±20 % jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 12].map((n) => backoffDelay(n, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 1)).toBe(1200);
    expect(backoffDelay(10, () => 1)).toBe(72000);
    expect(backoffDelay(10, () => 0)).toBe(48000);
  });

  it('reads the status code of a Boom-like error', () => {
    expect(closeCode(Object.assign(new Error('x'), { output: { statusCode: 428 } }))).toBe(428);
    expect(closeCode(new Error('x'))).toBeNull();
    expect(closeCode(undefined)).toBeNull();
  });

  it.each([408, 428, 500, 503])(
    '%i with linked creds: DISCONNECTED, reconnects after the backoff, backoff resets on open',
    async (code) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const rig = makeRig();
      await connect(rig);
      const sockets = () => rig.fake.sockets.length;
      expect(sockets()).toBe(2);

      rig.fake.last.close(code);
      await until(() => rig.gateway.snapshot().status === 'DISCONNECTED');
      await vi.advanceTimersByTimeAsync(999);
      expect(sockets()).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      await until(() => sockets() === 3, 5_000, 'first reconnect');

      // Still down: the next wait doubles.
      rig.fake.last.close(code);
      await until(() => rig.gateway.snapshot().status === 'DISCONNECTED');
      await vi.advanceTimersByTimeAsync(1999);
      expect(sockets()).toBe(3);
      await vi.advanceTimersByTimeAsync(1);
      await until(() => sockets() === 4, 5_000, 'second reconnect');

      rig.fake.last.open();
      await until(() => rig.gateway.snapshot().status === 'READY');

      // After a successful open the backoff starts again at 1 s.
      rig.fake.last.close(code);
      await until(() => rig.gateway.snapshot().status === 'DISCONNECTED');
      await vi.advanceTimersByTimeAsync(1000);
      await until(() => sockets() === 5, 5_000, 'reconnect after reset');
      expect(rig.statuses).toEqual(['PENDING', 'READY', 'DISCONNECTED', 'READY', 'DISCONNECTED']);
    },
  );

  it('a spent retry budget is our own failure: ERROR, no more sockets', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const rig = makeRig({ maxReconnectAttempts: 3 });
    await connect(rig);
    for (let i = 0; i < 3; i++) {
      const count = rig.fake.sockets.length;
      rig.fake.last.close(503);
      await until(() => rig.gateway.snapshot().status === 'DISCONNECTED');
      await vi.advanceTimersByTimeAsync(60_000);
      await until(() => rig.fake.sockets.length === count + 1);
    }
    rig.fake.last.close(503);
    await until(() => rig.gateway.snapshot().status === 'ERROR');
    expect(rig.gateway.snapshot().error).toMatch(/setelah 3 percobaan/);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(rig.fake.sockets).toHaveLength(5);
  });

  it('a reconnect waits for creds still being written', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const rig = makeRig();
    await connect(rig);
    const release = rig.holdSaves();
    rig.fake.last.emit('creds.update', {});
    rig.fake.last.close(428);
    await until(() => rig.gateway.snapshot().status === 'DISCONNECTED');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(rig.fake.sockets).toHaveLength(2);
    release();
    await until(() => rig.fake.sockets.length === 3);
    expect(rig.trace.slice(-3)).toEqual(['save:start', 'save:end', 'socket:3']);
  });
});

describe('our own failures', () => {
  it('405: refreshes the WhatsApp Web version once and reconnects; a second 405 is ERROR', async () => {
    const rig = makeRig();
    await connect(rig);
    rig.fake.last.close(405);
    await until(() => rig.fake.sockets.length === 3);
    expect(rig.fake.versionFetches).toBe(1);
    expect(rig.fake.last.config.version).toEqual([2, 3000, 1027934701]);
    rig.fake.last.close(405);
    await until(() => rig.gateway.snapshot().status === 'ERROR');
    expect(rig.gateway.snapshot().error).toMatch(/405/);
    expect(rig.fake.sockets).toHaveLength(3);
  });

  it('creds that cannot be saved: ERROR and the socket is closed', async () => {
    const rig = makeRig({ failSave: true });
    await createPending(rig);
    rig.fake.last.newLogin();
    await until(() => rig.gateway.snapshot().status === 'ERROR');
    expect(rig.gateway.snapshot().error).toBe('Penyimpanan session WhatsApp di database gagal: disk full');
    expect(rig.fake.last.ended).toBe(true);
  });

  it('a missing baileys package: ERROR that says how to install it', async () => {
    const rig = makeRig({
      load: async () => {
        throw new Error("Cannot find package 'baileys'");
      },
    });
    const snapshot = await rig.gateway.create();
    expect(snapshot.status).toBe('ERROR');
    expect(snapshot.error).toContain('npm install baileys@7');
    expect(snapshot.error).toContain('WA_GATEWAY=simulator');
  });

  it('another instance owns the session: ERROR, no socket', async () => {
    const taken: SessionLock = { acquire: async () => false, release: async () => {} };
    const rig = makeRig({ lock: taken });
    await expect(rig.gateway.create()).rejects.toMatchObject({ reason: 'not-owner' });
    expect(rig.gateway.snapshot()).toMatchObject({ status: 'ERROR', error: NOT_OWNER_MESSAGE });
    expect(rig.fake.sockets).toHaveLength(0);
  });
});

describe('logout and receipts', () => {
  it('logout unlinks the device, forgets the creds and does not reconnect', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const rig = makeRig();
    await connect(rig);
    const sock = rig.fake.last;
    await rig.gateway.logout();
    expect(sock.loggedOut).toBe(true);
    expect(rig.gateway.snapshot().status).toBeNull();
    expect(await rig.store.hasLinkedCreds()).toBe(false);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(rig.fake.sockets).toHaveLength(2);
  });

  it('hears people’s new texts (a customer’s BERHENTI), not its own, not groups, LID chats by their phone', async () => {
    const rig = makeRig();
    await connect(rig);
    const heard: unknown[] = [];
    rig.gateway.on('message', (m) => heard.push(m));
    rig.fake.last.emit('messages.upsert', {
      type: 'notify',
      messages: [
        { key: { id: 'M1', fromMe: false, remoteJid: '6281234567890@s.whatsapp.net' }, message: { conversation: 'BERHENTI' } },
        { key: { id: 'M2', fromMe: true, remoteJid: '6281234567890@s.whatsapp.net' }, message: { conversation: 'halo' } },
        { key: { id: 'M3', fromMe: false, remoteJid: '1203630@g.us' }, message: { conversation: 'STOP' } },
        {
          key: { id: 'M4', fromMe: false, remoteJid: '12345@lid', remoteJidAlt: '6281311112222@s.whatsapp.net' },
          message: { extendedTextMessage: { text: 'stop' } },
        },
        { key: { id: 'M5', fromMe: false, remoteJid: '6281355556666@s.whatsapp.net' }, message: {} },
      ],
    });
    rig.fake.last.emit('messages.upsert', {
      type: 'append',
      messages: [
        { key: { id: 'M6', fromMe: false, remoteJid: '6281234567890@s.whatsapp.net' }, message: { conversation: 'STOP' } },
      ],
    });
    expect(heard).toEqual([
      { phone: '6281234567890', text: 'BERHENTI', messageId: 'M1' },
      { phone: '6281311112222', text: 'stop', messageId: 'M4' },
    ]);
  });

  it('turns delivery and read receipts of own messages into ack events', async () => {
    const rig = makeRig();
    await connect(rig);
    const acks: unknown[] = [];
    rig.gateway.on('ack', (ack) => acks.push(ack));
    rig.fake.last.emit('messages.update', [
      { key: { id: 'A1', fromMe: true }, update: { status: 3 } },
      { key: { id: 'A2', fromMe: true }, update: { status: 4 } },
      { key: { id: 'A3', fromMe: false }, update: { status: 4 } },
      { key: { id: 'A4', fromMe: true }, update: { status: 2 } },
    ]);
    expect(acks).toEqual([
      { messageId: 'A1', status: 'DELIVERED' },
      { messageId: 'A2', status: 'READ' },
    ]);
  });
});
