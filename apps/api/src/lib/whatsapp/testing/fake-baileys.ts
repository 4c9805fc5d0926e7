/**
 * A stand-in for the `baileys` module in tests: sockets are event emitters that the test drives
 * (qr, new login, close with a code, open). No network, ever.
 */
import crypto from 'node:crypto';
import type { AuthCreds, BaileysEventMap, BaileysModule, BufferJsonCodec, SocketConfig, WASocket } from '../baileys-module';

/** Baileys' BufferJSON, copied verbatim (lib/Utils/generics.js) so the store is tested with the real codec. */
export const BufferJSON: BufferJsonCodec = {
  replacer: (_key, value) => {
    const v = value as { type?: string; data?: unknown } | null;
    if (Buffer.isBuffer(value) || value instanceof Uint8Array || v?.type === 'Buffer') {
      return { type: 'Buffer', data: Buffer.from((v?.data as Uint8Array) || (value as Uint8Array)).toString('base64') };
    }
    return value;
  },
  reviver: (_key, value) => {
    if (
      typeof value === 'object' &&
      value !== null &&
      (value as { type?: string }).type === 'Buffer' &&
      typeof (value as { data?: unknown }).data === 'string'
    ) {
      return Buffer.from((value as { data: string }).data, 'base64');
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const keys = Object.keys(value);
      if (keys.length > 0 && keys.every((k) => !isNaN(parseInt(k, 10)))) {
        const values = Object.values(value);
        if (values.every((v) => typeof v === 'number')) return Buffer.from(values as number[]);
      }
    }
    return value;
  },
};

const keyPair = () => ({ private: crypto.randomBytes(32), public: crypto.randomBytes(32) });

/** Same shape as baileys' initAuthCreds(): key pairs are Buffers, the rest plain values. */
export function fakeInitAuthCreds(): AuthCreds {
  return {
    noiseKey: keyPair(),
    pairingEphemeralKeyPair: keyPair(),
    signedIdentityKey: keyPair(),
    signedPreKey: { keyPair: keyPair(), signature: crypto.randomBytes(64), keyId: 1 },
    registrationId: crypto.randomInt(1, 16380),
    advSecretKey: crypto.randomBytes(32).toString('base64'),
    processedHistoryMessages: [],
    nextPreKeyId: 1,
    firstUnuploadedPreKeyId: 1,
    accountSyncCounter: 0,
    accountSettings: { unarchiveChats: false },
    registered: false,
  };
}

type Listener = (arg: never) => void;

export class FakeSocket implements WASocket {
  private readonly listeners = new Map<string, Set<Listener>>();
  readonly ev = {
    on: <E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void) => {
      if (!this.listeners.has(event)) this.listeners.set(event, new Set());
      this.listeners.get(event)!.add(listener as Listener);
    },
    off: <E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void) => {
      this.listeners.get(event)?.delete(listener as Listener);
    },
  };
  user: WASocket['user'] = null;
  ended = false;
  loggedOut = false;
  readonly sent: Array<{ jid: string; text: string; messageId: string | undefined }> = [];

  constructor(
    readonly config: SocketConfig,
    private readonly behaviour: { notOnWhatsApp: (phone: string) => boolean; failSend: (jid: string) => boolean },
  ) {}

  emit<E extends keyof BaileysEventMap>(event: E, arg: BaileysEventMap[E]) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (a: BaileysEventMap[E]) => void)(arg);
  }

  /** WhatsApp shows a QR code. */
  showQr(qr = `2@${crypto.randomBytes(12).toString('base64')}`) {
    this.emit('connection.update', { qr, connection: 'connecting' });
  }

  /** The phone scanned: creds name the account, then WhatsApp asks for a restart (515). */
  newLogin(me = { id: '6281234567890:7@s.whatsapp.net', name: 'Koperasi Uji' }) {
    this.config.auth.creds.me = me;
    this.emit('creds.update', { me });
    this.emit('connection.update', { isNewLogin: true, qr: undefined });
  }

  open(user: WASocket['user'] = { id: '6281234567890:7@s.whatsapp.net', name: 'Koperasi Uji' }) {
    this.user = user;
    this.emit('connection.update', { connection: 'open' });
  }

  close(statusCode: number | null, message = 'closed') {
    const error = Object.assign(new Error(message), statusCode === null ? {} : { output: { statusCode } });
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }

  async onWhatsApp(...phones: string[]) {
    return phones
      .map((p) => p.split('@')[0]!)
      .filter((p) => !this.behaviour.notOnWhatsApp(p))
      .map((p) => ({ jid: `${p}@s.whatsapp.net`, exists: true }));
  }

  async sendMessage(jid: string, content: { text: string }, options?: { messageId?: string }) {
    if (this.behaviour.failSend(jid)) throw new Error('fake: send failed');
    this.sent.push({ jid, text: content.text, messageId: options?.messageId });
    return { key: { id: options?.messageId ?? crypto.randomBytes(8).toString('hex') } };
  }

  async logout() {
    this.loggedOut = true;
    this.close(401, 'logged out');
  }

  end() {
    if (this.ended) return;
    this.ended = true;
    // baileys announces its own end as a close without a code.
    this.close(null, 'ended');
  }
}

export interface FakeBaileys {
  module: BaileysModule;
  sockets: FakeSocket[];
  /** The newest socket. */
  readonly last: FakeSocket;
  versionFetches: number;
}

export function createFakeBaileys(
  behaviour: {
    notOnWhatsApp?: (phone: string) => boolean;
    failSend?: (jid: string) => boolean;
    onSocket?: (sock: FakeSocket) => void;
  } = {},
): FakeBaileys {
  const fake: FakeBaileys = {
    sockets: [],
    get last() {
      const sock = this.sockets.at(-1);
      if (!sock) throw new Error('no socket made yet');
      return sock;
    },
    versionFetches: 0,
    module: {
      makeWASocket: (config) => {
        const sock = new FakeSocket(config, {
          notOnWhatsApp: behaviour.notOnWhatsApp ?? (() => false),
          failSend: behaviour.failSend ?? (() => false),
        });
        fake.sockets.push(sock);
        behaviour.onSocket?.(sock);
        return sock;
      },
      BufferJSON,
      initAuthCreds: fakeInitAuthCreds,
      fetchLatestBaileysVersion: async () => {
        fake.versionFetches++;
        return { version: [2, 3000, 1027934701], isLatest: true };
      },
      Browsers: { ubuntu: (browser: string) => ['Ubuntu', browser, '22.04.4'] },
    },
  };
  return fake;
}
