/**
 * The WhatsApp gateway contract (decisions §5). Two adapters implement it: `baileys` (the embedded
 * WhatsApp Web client) and `simulator` (offline, for tests and the demo). Routes and services only
 * ever talk to this interface.
 */
import type { WaGatewayKind } from '../../config';

/** Session statuses of spec §4. Anything else, or none, means "not connected". */
export const waStatuses = ['PENDING', 'READY', 'DISCONNECTED', 'FAILED', 'ERROR'] as const;
export type WaStatus = (typeof waStatuses)[number];

/** The connected account, as far as it is known. */
export interface WaSessionMetadata {
  name: string | null;
  phone_number: string | null;
  /** Chats seen in history and chat events of this connection. */
  chats_count: number;
}

/** What the API answers for GET /api/wa-sessions/status (spec §3 "WhatsApp session data"). */
export interface WaSnapshot {
  gateway: WaGatewayKind;
  /** Random id of the current pairing; a new one for every "Buat Session". */
  session_id: string | null;
  status: WaStatus | null;
  /** PNG data URL of the current QR code while PENDING. */
  qr_code: string | null;
  phone_number: string | null;
  metadata: WaSessionMetadata | null;
  /** The service error behind FAILED / ERROR (Indonesian), shown in the red banner. */
  error: string | null;
  /** When this snapshot last changed (ISO). */
  updated_at: string;
}

export interface WaNumberCheck {
  /** The number as asked (62…). */
  phone: string;
  exists: boolean;
  /** The WhatsApp address to send to, when it exists. */
  jid: string | null;
}

export interface WaSendOptions {
  /**
   * The message id to use, chosen (and written to the message log) before the call, so that the
   * log, the call and later delivery receipts all name the same message.
   */
  messageId: string;
  /** WhatsApp address returned by checkNumbers, when known. */
  jid?: string | null;
}

export type WaAckStatus = 'DELIVERED' | 'READ';

/** A text someone sent to the linked number (a customer's reply). */
export interface WaIncomingMessage {
  /** The sender's number, 62…. */
  phone: string;
  text: string;
  /** WhatsApp's id of the message. */
  messageId: string;
}

export interface WaGatewayEvents {
  status: [WaSnapshot];
  ack: [{ messageId: string; status: WaAckStatus }];
  /** A text message from a person (not a group, not our own). */
  message: [WaIncomingMessage];
}

/** Thrown by a gateway for a request that the current session state does not allow. */
export class WaStateError extends Error {
  constructor(
    readonly reason: 'already-connected' | 'no-session' | 'no-qr' | 'not-ready' | 'not-owner' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'WaStateError';
  }
}

export interface WaGateway {
  readonly kind: WaGatewayKind;
  /** Resumes a stored session at start-up (never throws: problems become status ERROR). */
  start(): Promise<void>;
  /** Starts a new pairing: PENDING with a QR code (waits briefly for the first QR). */
  create(): Promise<WaSnapshot>;
  /** The current state, at once. */
  snapshot(): WaSnapshot;
  /** The current QR code: waits up to `timeoutMs` for one while PENDING; WaStateError otherwise. */
  qr(timeoutMs?: number): Promise<WaSnapshot>;
  /** Unlinks the device (when connected), forgets the stored credentials; status becomes none. */
  logout(): Promise<void>;
  /** Which numbers (62…) have WhatsApp. Needs READY. */
  checkNumbers(phones: string[]): Promise<WaNumberCheck[]>;
  /** Sends a text; resolves with the message id once handed to WhatsApp. Needs READY. */
  sendText(phone: string, text: string, options: WaSendOptions): Promise<{ messageId: string }>;
  /** A fresh message id in the format this gateway's network uses. */
  newMessageId(): string;
  on<E extends keyof WaGatewayEvents>(event: E, listener: (...args: WaGatewayEvents[E]) => void): () => void;
  /** Stops timers and the connection (keeps the stored credentials). */
  close(): Promise<void>;
}

/** The phone number of a WhatsApp address: '628123:12@s.whatsapp.net' → '628123'. */
export function phoneFromJid(jid: string | null | undefined): string | null {
  if (!jid) return null;
  const user = jid.split('@')[0]?.split(':')[0] ?? '';
  return /^\d+$/.test(user) ? user : null;
}

/** An empty snapshot: no session. */
export function emptySnapshot(gateway: WaGatewayKind): WaSnapshot {
  return {
    gateway,
    session_id: null,
    status: null,
    qr_code: null,
    phone_number: null,
    metadata: null,
    error: null,
    updated_at: new Date().toISOString(),
  };
}
