import { describe, expect, it } from 'vitest';
import { waIsConnected, waMainAction, waSteps } from './wa-session';

const QR = 'data:image/png;base64,AAAA';

describe('WhatsApp settings rules (spec §4)', () => {
  it.each([
    [null, 'create', [false, false, false]],
    [{ status: null }, 'create', [false, false, false]],
    [{ status: 'DISCONNECTED', qr_code: null }, 'create', [false, false, false]],
    [{ status: 'FAILED', qr_code: null }, 'create', [false, false, false]],
    [{ status: 'ERROR', qr_code: null }, 'create', [false, false, false]],
    // The rules as written: a QR code marks step 2 even next to an ended status.
    [{ status: 'FAILED', qr_code: QR }, 'create', [false, true, false]],
    [{ status: 'PENDING', qr_code: null }, 'get-qr', [true, false, false]],
    [{ status: 'PENDING', qr_code: QR }, 'refresh-qr', [true, true, false]],
    [{ status: 'READY', qr_code: null }, 'test', [true, true, true]],
    [{ status: 'READY', qr_code: QR }, 'test', [true, true, true]],
    // Unknown statuses are "not connected": Buat Session, step 1 (not one of the ended three).
    [{ status: 'CONNECTING', qr_code: null }, 'create', [true, false, false]],
  ] as const)('%j → %s, steps %j', (session, action, steps) => {
    expect(waMainAction(session)).toBe(action);
    expect(waSteps(session)).toEqual(steps);
  });

  it('only READY is connected', () => {
    expect(waIsConnected({ status: 'READY' })).toBe(true);
    for (const status of ['PENDING', 'DISCONNECTED', 'FAILED', 'ERROR', 'x', null]) expect(waIsConnected({ status })).toBe(false);
    expect(waIsConnected(undefined)).toBe(false);
  });
});
