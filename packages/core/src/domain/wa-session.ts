/**
 * What the WhatsApp settings screen shows for a session (spec §4 "WhatsApp session status"):
 * the main action and the three steps. Pure, so the rules are tested once, here.
 */
import type { WaSessionStatus } from '../schemas/whatsapp-response';

/** The session fields the rules read. */
export interface WaSessionLike {
  status?: WaSessionStatus | string | null;
  qr_code?: string | null;
  test_message_sent_at?: string | null;
}

/** The main action card's button. */
export type WaMainAction = 'create' | 'get-qr' | 'refresh-qr' | 'test';

const ENDED: ReadonlyArray<string> = ['DISCONNECTED', 'FAILED', 'ERROR'];

/**
 * No session, DISCONNECTED, FAILED or ERROR (or any unknown status) → 'create' (Buat Session);
 * PENDING without a QR → 'get-qr'; PENDING with one → 'refresh-qr'; READY → 'test'.
 */
export function waMainAction(session: WaSessionLike | null | undefined): WaMainAction {
  if (session?.status === 'READY') return 'test';
  if (session?.status === 'PENDING') return session.qr_code ? 'refresh-qr' : 'get-qr';
  return 'create';
}

/** A step of the indicator: done, the one being worked on now, or still ahead. */
export type WaStepState = 'done' | 'current' | 'todo';

export interface WaStep {
  label: 'Buat Session' | 'Scan QR Code' | 'Test Pesan';
  state: WaStepState;
  /** The short text under the label ("Selesai", "Menunggu scan", "Belum dikirim", …). */
  note: string;
}

const step = (label: WaStep['label'], state: WaStepState, note: string): WaStep => ({ label, state, note });

/**
 * The three steps Buat Session, Scan QR Code, Test Pesan, each marked done only when it is
 * (issue 22, replacing spec §4's "a QR code marks step 2, READY marks step 3"):
 * 1. done for any session that is not disconnected, failed or error;
 * 2. done when READY (only a scan leads there); current while PENDING ("Menunggu scan");
 * 3. done when a test message reached WhatsApp on this session (`test_message_sent_at`, from the
 *    message log); current while READY without one ("Belum dikirim").
 */
export function waSteps(session: WaSessionLike | null | undefined): [WaStep, WaStep, WaStep] {
  const status = session?.status ?? null;
  const ready = status === 'READY';
  const created = status !== null && !ENDED.includes(status);
  const tested = ready && Boolean(session?.test_message_sent_at);
  const first = created
    ? step('Buat Session', 'done', 'Selesai')
    : step('Buat Session', 'current', status === 'DISCONNECTED' ? 'Terputus' : status === null ? 'Belum dibuat' : 'Gagal');
  const second = ready
    ? step('Scan QR Code', 'done', 'Selesai')
    : status === 'PENDING'
      ? step('Scan QR Code', 'current', 'Menunggu scan')
      : step('Scan QR Code', 'todo', 'Belum');
  const third = tested
    ? step('Test Pesan', 'done', 'Selesai')
    : ready
      ? step('Test Pesan', 'current', 'Belum dikirim')
      : step('Test Pesan', 'todo', 'Belum');
  return [first, second, third];
}

/** Only READY means connected (spec §4: anything else, or none, is not connected). */
export function waIsConnected(session: WaSessionLike | null | undefined): boolean {
  return session?.status === 'READY';
}
