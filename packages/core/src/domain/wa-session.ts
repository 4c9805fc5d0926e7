/**
 * What the WhatsApp settings screen shows for a session (spec §4 "WhatsApp session status"):
 * the main action and the three steps. Pure, so the rules are tested once, here.
 */
import type { WaSessionStatus } from '../schemas/whatsapp-response';

/** The session fields the rules read. */
export interface WaSessionLike {
  status?: WaSessionStatus | string | null;
  qr_code?: string | null;
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

/**
 * Steps Buat Session, Scan QR Code, Test Pesan: step 1 for any session that is not
 * disconnected, failed or error; step 2 when a QR code exists, or READY (which only a scan
 * leads to; the server drops the used QR code then); step 3 when READY.
 */
export function waSteps(session: WaSessionLike | null | undefined): [boolean, boolean, boolean] {
  const status = session?.status ?? null;
  const ready = status === 'READY';
  const step1 = status !== null && !ENDED.includes(status);
  const step2 = Boolean(session?.qr_code) || ready;
  return [step1, step2, ready];
}

/** Only READY means connected (spec §4: anything else, or none, is not connected). */
export function waIsConnected(session: WaSessionLike | null | undefined): boolean {
  return session?.status === 'READY';
}
