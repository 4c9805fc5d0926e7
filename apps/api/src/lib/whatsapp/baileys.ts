import crypto from 'node:crypto';
import { BAILEYS_PACKAGE, type BaileysLogger, type BaileysModule, type ConnectionUpdate, type WASocket } from './baileys-module';
import { credsAreLinked, type LoadedAuthState, type WaAuthStore } from './auth-store';
import { GatewayBase } from './gateway-base';
import { renderQr } from './qr';
import { NOT_OWNER_MESSAGE, processLock, type SessionLock } from './session-lock';
import { phoneFromJid, WaStateError, type WaGateway, type WaNumberCheck, type WaSendOptions, type WaSnapshot } from './types';

/** Close codes (baileys' DisconnectReason) and what they mean here (docs/whatsapp.md). */
export const CLOSE_CODES = {
  restartRequired: 515,
  loggedOut: 401,
  forbidden: 403,
  multideviceMismatch: 411,
  connectionReplaced: 440,
  badVersion: 405,
  timedOut: 408,
  connectionClosed: 428,
  badSession: 500,
  unavailableService: 503,
} as const;

/** Codes after which the session is over: no reconnect (FAILED). */
const FATAL_CODES: Record<number, string> = {
  401: 'Perangkat ini dikeluarkan dari WhatsApp di ponsel (401). Buat session baru lalu scan ulang QR code.',
  403: 'WhatsApp menolak akses akun ini (403). Periksa status akun di ponsel.',
  411: 'Versi multi-device WhatsApp tidak cocok (411). Buat session baru.',
  440: 'Session WhatsApp ini dibuka di tempat lain (440). Buat session baru bila ingin memakainya di sini.',
};

export const QR_EXPIRED_MESSAGE = 'QR code tidak dipindai sampai batas waktu. Buat session baru untuk mendapatkan QR code baru.';

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;
export const BACKOFF_JITTER = 0.2;
export const MAX_RECONNECT_ATTEMPTS = 10;

/** Reconnect delay after `attempt` earlier attempts: 1 s doubling to 60 s, ±20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(base * (1 + (random() * 2 - 1) * BACKOFF_JITTER));
}

/** The status code a disconnect error carries (baileys wraps them in Boom errors). */
export function closeCode(error: unknown): number | null {
  const output = (error as { output?: { statusCode?: unknown } } | null | undefined)?.output;
  return typeof output?.statusCode === 'number' ? output.statusCode : null;
}

export interface BaileysGatewayOptions {
  load: () => Promise<BaileysModule>;
  authStore: WaAuthStore;
  lock?: SessionLock;
  logger?: BaileysLogger;
  /** How long create() waits for the first QR code before answering (ms). */
  qrWaitMs?: number;
  random?: () => number;
  maxReconnectAttempts?: number;
}

const silentLogger: BaileysLogger = {
  level: 'silent',
  child: () => silentLogger,
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

const notReady = () => new WaStateError('not-ready', 'WhatsApp belum terhubung. Hubungkan WhatsApp terlebih dahulu.');

/**
 * The embedded WhatsApp Web client (baileys 7), mapped to the spec's statuses:
 * QR shown → PENDING; open → READY; closed with linked creds and a reconnect scheduled
 * (408, 428, 500, 503, unknown) → DISCONNECTED; 401, 403, 411, 440 or a QR never scanned → FAILED;
 * our own failures (module or storage, retry budget spent, a 405 that persists after refreshing
 * the WhatsApp Web version, another instance owning the session) → ERROR.
 * 515 (restart required, right after a scan) reconnects at once. Creds are always saved before
 * a new socket is made. A session that was never linked is never reconnected (no QR loop).
 */
export class BaileysGateway extends GatewayBase implements WaGateway {
  private module: BaileysModule | null = null;
  private auth: LoadedAuthState | null = null;
  private sock: WASocket | null = null;
  private generation = 0;
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private version: [number, number, number] | undefined;
  private versionRefreshed = false;
  private saving: Promise<void> = Promise.resolve();
  private readonly chats = new Set<string>();
  private readonly lock: SessionLock;
  private readonly logger: BaileysLogger;
  private readonly random: () => number;
  private readonly maxAttempts: number;
  private readonly qrWaitMs: number;
  /** Sockets made so far (tests check there is no reconnect loop). */
  socketsCreated = 0;

  constructor(private readonly options: BaileysGatewayOptions) {
    super('baileys');
    this.lock = options.lock ?? processLock;
    this.logger = options.logger ?? silentLogger;
    this.random = options.random ?? Math.random;
    this.maxAttempts = options.maxReconnectAttempts ?? MAX_RECONNECT_ATTEMPTS;
    this.qrWaitMs = options.qrWaitMs ?? 8_000;
  }

  async start() {
    let linked: boolean;
    try {
      linked = await this.options.authStore.hasLinkedCreds();
    } catch (error) {
      this.reset({ status: 'ERROR', error: storageMessage(error) });
      return;
    }
    if (!linked) return;
    if (!(await this.lock.acquire())) {
      this.reset({ status: 'ERROR', error: NOT_OWNER_MESSAGE });
      return;
    }
    // A linked device from an earlier run: reconnect without a QR code, as the same session (the
    // message log ties test messages to it). Creds linked before the id was kept get a new one.
    let sessionId: string | null = null;
    try {
      sessionId = await this.options.authStore.sessionId();
    } catch (error) {
      this.logger.warn({ err: error }, 'whatsapp session id not read; a new one is used');
    }
    this.reset({ session_id: sessionId ?? crypto.randomUUID(), status: 'DISCONNECTED' });
    await this.connect();
  }

  async create(): Promise<WaSnapshot> {
    if (this.snapshot().status === 'READY') {
      throw new WaStateError(
        'already-connected',
        'WhatsApp sudah terhubung. Putuskan koneksi terlebih dahulu untuk membuat session baru.',
      );
    }
    if (!(await this.lock.acquire())) {
      this.reset({ status: 'ERROR', error: NOT_OWNER_MESSAGE });
      throw new WaStateError('not-owner', NOT_OWNER_MESSAGE);
    }
    const old = this.detach();
    if (old) await endQuietly(old);
    await this.saving;
    const sessionId = crypto.randomUUID();
    try {
      await this.options.authStore.clear();
      await this.options.authStore.saveSessionId(sessionId);
    } catch (error) {
      this.reset({ status: 'ERROR', error: storageMessage(error) });
      return this.snapshot();
    }
    this.attempts = 0;
    this.versionRefreshed = false;
    this.chats.clear();
    this.reset({ session_id: sessionId, status: 'PENDING' });
    await this.connect();
    return this.waitFor((s) => s.qr_code !== null || s.status !== 'PENDING', this.qrWaitMs);
  }

  async qr(timeoutMs = 5_000): Promise<WaSnapshot> {
    const { status } = this.snapshot();
    if (status === 'READY') throw new WaStateError('already-connected', 'WhatsApp sudah terhubung');
    if (status !== 'PENDING')
      throw new WaStateError('no-session', 'Belum ada session yang menunggu scan. Buat session terlebih dahulu.');
    const snapshot = await this.waitFor((s) => s.qr_code !== null || s.status !== 'PENDING', timeoutMs);
    if (snapshot.status === 'PENDING' && !snapshot.qr_code)
      throw new WaStateError('no-qr', 'QR code belum tersedia. Silakan coba lagi sebentar lagi.');
    return snapshot;
  }

  async logout() {
    const wasReady = this.snapshot().status === 'READY';
    const sock = this.detach();
    if (sock && wasReady) {
      try {
        await sock.logout();
      } catch (error) {
        this.logger.warn({ err: error }, 'whatsapp logout failed; forgetting the session anyway');
      }
    }
    if (sock) await endQuietly(sock);
    await this.saving;
    await this.options.authStore.clear();
    this.chats.clear();
    this.reset();
  }

  async checkNumbers(phones: string[]): Promise<WaNumberCheck[]> {
    const sock = this.readySocket();
    const found = (await sock.onWhatsApp(...phones)) ?? [];
    const byPhone = new Map<string, string>();
    for (const entry of found) {
      const phone = phoneFromJid(entry.jid);
      if (entry.exists && phone) byPhone.set(phone, entry.jid);
    }
    return phones.map((phone) => ({ phone, exists: byPhone.has(phone), jid: byPhone.get(phone) ?? null }));
  }

  async sendText(phone: string, text: string, options: WaSendOptions) {
    const sock = this.readySocket();
    const sent = await sock.sendMessage(options.jid ?? `${phone}@s.whatsapp.net`, { text }, { messageId: options.messageId });
    return { messageId: sent?.key?.id ?? options.messageId };
  }

  newMessageId() {
    const generated = this.module?.generateMessageIDV2?.(this.sock?.user?.id);
    return generated ?? `3EB0${crypto.randomBytes(9).toString('hex').toUpperCase()}`;
  }

  async close() {
    const sock = this.detach();
    if (sock) await endQuietly(sock);
    await this.saving;
    await this.lock.release();
    this.removeAllListeners();
  }

  /** Stops listening to the current socket and cancels a scheduled reconnect; returns the socket. */
  private detach(): WASocket | null {
    this.generation++;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const sock = this.sock;
    this.sock = null;
    return sock;
  }

  private readySocket(): WASocket {
    if (!this.sock || this.snapshot().status !== 'READY') throw notReady();
    return this.sock;
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    try {
      this.module ??= await this.options.load();
    } catch (error) {
      this.logger.error({ err: error }, 'baileys could not be loaded');
      this.update({
        status: 'ERROR',
        qr_code: null,
        error:
          `Paket baileys belum terpasang atau tidak dapat dimuat. Pasang dengan "npm install ${BAILEYS_PACKAGE} --ignore-scripts -w @mizan/api" ` +
          '(lihat docs/whatsapp.md), atau jalankan dengan WA_GATEWAY=simulator.',
      });
      return;
    }
    let auth: LoadedAuthState;
    try {
      auth = await this.options.authStore.load(this.module);
    } catch (error) {
      this.update({ status: 'ERROR', qr_code: null, error: storageMessage(error) });
      return;
    }
    if (generation !== this.generation) return; // superseded by create/logout/close meanwhile
    this.auth = auth;
    const mod = this.module;
    const keys = mod.makeCacheableSignalKeyStore
      ? mod.makeCacheableSignalKeyStore(auth.state.keys, this.logger)
      : auth.state.keys;
    const sock = mod.makeWASocket({
      auth: { creds: auth.state.creds, keys },
      ...(this.version ? { version: this.version } : {}),
      ...(mod.Browsers ? { browser: mod.Browsers.ubuntu('Chrome') } : {}),
      logger: this.logger,
      markOnlineOnConnect: false,
      syncFullHistory: false,
      generateHighQualityLinkPreview: false,
    });
    this.sock = sock;
    this.socketsCreated++;

    const current = () => generation === this.generation;
    sock.ev.on('creds.update', () => {
      if (current()) this.persistCreds(auth);
    });
    sock.ev.on('connection.update', (update) => {
      if (current()) void this.onConnectionUpdate(update, sock, generation);
    });
    sock.ev.on('messaging-history.set', ({ chats }) => {
      if (current()) this.addChats(chats.map((c) => c.id));
    });
    sock.ev.on('chats.upsert', (chats) => {
      if (current()) this.addChats(chats.map((c) => c.id));
    });
    sock.ev.on('chats.delete', (ids) => {
      if (!current()) return;
      for (const id of ids) this.chats.delete(id);
      this.refreshChatsCount();
    });
    // Replies of people (a customer's BERHENTI): new texts only, not our own, not from groups. A
    // chat addressed by LID carries the phone number in remoteJidAlt.
    sock.ev.on('messages.upsert', ({ messages, type }) => {
      if (!current() || type !== 'notify') return;
      for (const { key, message } of messages) {
        if (key.fromMe || !key.id) continue;
        const jid = [key.remoteJid, key.remoteJidAlt].find((j) => j?.endsWith('@s.whatsapp.net'));
        const phone = phoneFromJid(jid);
        const text = message?.conversation ?? message?.extendedTextMessage?.text;
        if (phone && typeof text === 'string') this.emitMessage({ phone, text, messageId: key.id });
      }
    });
    sock.ev.on('messages.update', (updates) => {
      if (!current()) return;
      for (const { key, update } of updates) {
        if (!key.fromMe || !key.id || typeof update.status !== 'number') continue;
        // proto.WebMessageInfo.Status: 3 DELIVERY_ACK, 4 READ, 5 PLAYED.
        if (update.status === 3) this.emitAck(key.id, 'DELIVERED');
        else if (update.status >= 4) this.emitAck(key.id, 'READ');
      }
    });
  }

  /** Saves creds one write at a time, in order; a failure is our own failure: ERROR. */
  private persistCreds(auth: LoadedAuthState) {
    this.saving = this.saving
      .then(() => auth.saveCreds())
      .catch((error: unknown) => {
        this.logger.error({ err: error }, 'saving whatsapp creds failed');
        const sock = this.detach();
        if (sock) void endQuietly(sock);
        this.update({ status: 'ERROR', qr_code: null, error: storageMessage(error) });
      });
  }

  private async onConnectionUpdate(update: ConnectionUpdate, sock: WASocket, generation: number) {
    if (update.qr) {
      const qr = update.qr;
      const dataUrl = await renderQr(qr);
      if (generation !== this.generation || this.snapshot().status === 'READY') return;
      this.update({ status: 'PENDING', qr_code: dataUrl, error: null });
    }
    if (update.isNewLogin) this.update({ qr_code: null });
    if (update.connection === 'open') {
      this.attempts = 0;
      const phone = phoneFromJid(sock.user?.id) ?? phoneFromJid(this.auth?.state.creds.me?.id);
      const name = sock.user?.name ?? sock.user?.notify ?? sock.user?.verifiedName ?? this.auth?.state.creds.me?.name ?? null;
      this.update({
        status: 'READY',
        qr_code: null,
        error: null,
        phone_number: phone,
        metadata: { name, phone_number: phone, chats_count: this.chats.size },
      });
    }
    if (update.connection === 'close') {
      if (this.sock === sock) this.sock = null;
      await this.onClose(closeCode(update.lastDisconnect?.error), generation);
    }
  }

  private async onClose(code: number | null, generation: number) {
    const isCurrent = () => generation === this.generation;
    if (code === CLOSE_CODES.restartRequired) {
      await this.saving;
      if (isCurrent() && this.snapshot().status !== 'ERROR') await this.connect();
      return;
    }
    if (code !== null && FATAL_CODES[code]) {
      this.update({ status: 'FAILED', qr_code: null, error: FATAL_CODES[code]! });
      if (code === CLOSE_CODES.loggedOut) {
        await this.saving;
        // The phone unlinked this device: the stored keys are worthless now.
        await this.options.authStore
          .clear()
          .catch((error: unknown) => this.logger.error({ err: error }, 'clearing whatsapp auth failed'));
      }
      return;
    }
    if (code === CLOSE_CODES.badVersion) {
      if (this.versionRefreshed) {
        this.update({
          status: 'ERROR',
          qr_code: null,
          error: 'WhatsApp menolak versi klien (405) walaupun versi WhatsApp Web sudah diperbarui. Perbarui paket baileys.',
        });
        return;
      }
      this.versionRefreshed = true;
      try {
        const latest = await this.module?.fetchLatestBaileysVersion?.();
        if (latest?.version) this.version = latest.version;
      } catch (error) {
        this.logger.warn({ err: error }, 'fetching the latest WhatsApp Web version failed');
      }
      await this.saving;
      if (isCurrent()) await this.connect();
      return;
    }
    if (!credsAreLinked(this.auth?.state.creds)) {
      // Never linked (QR attempts ended, or a drop before the scan): no reconnect, no QR loop.
      this.update({ status: 'FAILED', qr_code: null, error: QR_EXPIRED_MESSAGE });
      return;
    }
    if (this.attempts >= this.maxAttempts) {
      this.update({
        status: 'ERROR',
        error: `Gagal menyambung ulang ke WhatsApp setelah ${this.attempts} percobaan. Periksa koneksi internet server; memulai ulang server akan mencoba lagi dengan session yang sama.`,
      });
      return;
    }
    const delay = backoffDelay(this.attempts, this.random);
    this.attempts++;
    this.update({ status: 'DISCONNECTED', qr_code: null, error: null });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.saving.then(async () => {
        if (isCurrent()) await this.connect();
      });
    }, delay);
  }

  private addChats(ids: Array<string | null | undefined>) {
    for (const id of ids) if (id) this.chats.add(id);
    this.refreshChatsCount();
  }

  private refreshChatsCount() {
    const { metadata } = this.snapshot();
    if (metadata) this.update({ metadata: { ...metadata, chats_count: this.chats.size } });
  }
}

function storageMessage(error: unknown) {
  return `Penyimpanan session WhatsApp di database gagal: ${(error as Error)?.message ?? String(error)}`;
}

async function endQuietly(sock: WASocket) {
  try {
    await sock.end(undefined);
  } catch {
    // already closed
  }
}
