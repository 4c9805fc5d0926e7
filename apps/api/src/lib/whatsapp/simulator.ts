import crypto from 'node:crypto';
import { GatewayBase } from './gateway-base';
import { renderQr } from './qr';
import { NOT_OWNER_MESSAGE, processLock, type SessionLock } from './session-lock';
import { WaStateError, type WaGateway, type WaNumberCheck, type WaSendOptions, type WaSnapshot } from './types';

/** The fake account a simulated scan connects (decisions §5). */
export const SIMULATOR_ACCOUNT = { name: 'Simulator Mizan', phone_number: '6281200000001', chats_count: 12 } as const;

/** Numbers ending in this fail, so that a partial failure can be seen and tested (decisions §5). */
export const SIMULATOR_FAILING_SUFFIX = '0000';

const notReady = () => new WaStateError('not-ready', 'WhatsApp belum terhubung. Hubungkan WhatsApp terlebih dahulu.');

/**
 * Offline stand-in with the same behaviour seen from the API: create → PENDING with a QR image;
 * scan() → READY with a fake account; sends succeed except to numbers ending in 0000. State lives
 * in memory only (a restart forgets the simulated session).
 */
export class SimulatorGateway extends GatewayBase implements WaGateway {
  /** Every text "sent", in order (tests and the demo look at it). */
  readonly sent: Array<{ phone: string; text: string; messageId: string }> = [];

  /**
   * `lock`: with several processes on one PostgreSQL the simulator, like the real gateway, may be
   * connected in one process only (the owner of the session lock); the others refuse.
   */
  constructor(private readonly lock: SessionLock = processLock) {
    super('simulator');
  }

  async start() {}

  async create(): Promise<WaSnapshot> {
    if (this.snapshot().status === 'READY') {
      throw new WaStateError(
        'already-connected',
        'WhatsApp sudah terhubung. Putuskan koneksi terlebih dahulu untuk membuat session baru.',
      );
    }
    if (!(await this.lock.acquire())) throw new WaStateError('not-owner', NOT_OWNER_MESSAGE);
    const sessionId = crypto.randomUUID();
    const qr = await renderQr(`mizan-simulator:${sessionId}:${crypto.randomBytes(16).toString('base64url')}`);
    this.reset({ session_id: sessionId, status: 'PENDING', qr_code: qr });
    return this.snapshot();
  }

  async qr(): Promise<WaSnapshot> {
    const { status } = this.snapshot();
    if (status === 'READY') throw new WaStateError('already-connected', 'WhatsApp sudah terhubung');
    if (status !== 'PENDING')
      throw new WaStateError('no-session', 'Belum ada session yang menunggu scan. Buat session terlebih dahulu.');
    // A fresh code, as a real gateway rotates them.
    this.update({
      qr_code: await renderQr(`mizan-simulator:${this.snapshot().session_id}:${crypto.randomBytes(16).toString('base64url')}`),
    });
    return this.snapshot();
  }

  /** The simulated phone scans the QR code: PENDING → READY with the fake account. */
  scan(): WaSnapshot {
    if (this.snapshot().status !== 'PENDING') {
      throw new WaStateError('no-qr', 'Tidak ada QR code yang menunggu dipindai. Buat session terlebih dahulu.');
    }
    this.update({
      status: 'READY',
      qr_code: null,
      phone_number: SIMULATOR_ACCOUNT.phone_number,
      metadata: { ...SIMULATOR_ACCOUNT },
      error: null,
    });
    return this.snapshot();
  }

  async logout() {
    this.reset();
  }

  /** A simulated person sends `text` from `phone` (62…) to the linked number. */
  receive(phone: string, text: string): { messageId: string } {
    if (this.snapshot().status !== 'READY') throw notReady();
    const messageId = this.newMessageId();
    this.emitMessage({ phone, text, messageId });
    return { messageId };
  }

  async checkNumbers(phones: string[]): Promise<WaNumberCheck[]> {
    if (this.snapshot().status !== 'READY') throw notReady();
    return phones.map((phone) => ({ phone, exists: true, jid: `${phone}@s.whatsapp.net` }));
  }

  async sendText(phone: string, text: string, options: WaSendOptions) {
    if (this.snapshot().status !== 'READY') throw notReady();
    if (phone.endsWith(SIMULATOR_FAILING_SUFFIX)) {
      throw new Error('Simulator: pengiriman ke nomor ini gagal (nomor berakhiran 0000)');
    }
    this.sent.push({ phone, text, messageId: options.messageId });
    return { messageId: options.messageId };
  }

  newMessageId() {
    return `SIM${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
  }

  async close() {
    this.removeAllListeners();
  }
}
