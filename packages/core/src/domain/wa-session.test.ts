import { describe, expect, it } from 'vitest';
import { waIsConnected, waMainAction, waSteps, type WaSessionLike } from './wa-session';

const QR = 'data:image/png;base64,AAAA';
const SENT = '2026-11-25T03:00:00.000Z';

/** Each step as "state note", so a table row reads like the screen. */
const shown = (session: WaSessionLike | null) => waSteps(session).map((s) => `${s.state} ${s.note}`);

describe('WhatsApp settings rules (spec §4, steps as issue 22 corrects them)', () => {
  it.each([
    [null, 'create', ['current Belum dibuat', 'todo Belum', 'todo Belum']],
    [{ status: null }, 'create', ['current Belum dibuat', 'todo Belum', 'todo Belum']],
    [{ status: 'DISCONNECTED', qr_code: null }, 'create', ['current Terputus', 'todo Belum', 'todo Belum']],
    [{ status: 'FAILED', qr_code: null }, 'create', ['current Gagal', 'todo Belum', 'todo Belum']],
    [{ status: 'ERROR', qr_code: null }, 'create', ['current Gagal', 'todo Belum', 'todo Belum']],
    // A QR code left next to an ended status is no scan.
    [{ status: 'FAILED', qr_code: QR }, 'create', ['current Gagal', 'todo Belum', 'todo Belum']],
    // PENDING: created, waiting for the scan, whether the QR code has come yet or not.
    [{ status: 'PENDING', qr_code: null }, 'get-qr', ['done Selesai', 'current Menunggu scan', 'todo Belum']],
    [{ status: 'PENDING', qr_code: QR }, 'refresh-qr', ['done Selesai', 'current Menunggu scan', 'todo Belum']],
    // READY: scanned; the test is done only when one reached WhatsApp on this session.
    [{ status: 'READY', qr_code: null }, 'test', ['done Selesai', 'done Selesai', 'current Belum dikirim']],
    [
      { status: 'READY', qr_code: null, test_message_sent_at: null },
      'test',
      ['done Selesai', 'done Selesai', 'current Belum dikirim'],
    ],
    [{ status: 'READY', test_message_sent_at: SENT }, 'test', ['done Selesai', 'done Selesai', 'done Selesai']],
    // A test sent before the connection dropped is not shown as done while it is down.
    [{ status: 'DISCONNECTED', test_message_sent_at: SENT }, 'create', ['current Terputus', 'todo Belum', 'todo Belum']],
    // Unknown statuses are "not connected": Buat Session, step 1 (not one of the ended three).
    [{ status: 'CONNECTING', qr_code: null }, 'create', ['done Selesai', 'todo Belum', 'todo Belum']],
  ] as const)('%j → %s, steps %j', (session, action, steps) => {
    expect(waMainAction(session)).toBe(action);
    expect(shown(session)).toEqual(steps);
  });

  it('names the steps in the order of the spec', () => {
    expect(waSteps(null).map((s) => s.label)).toEqual(['Buat Session', 'Scan QR Code', 'Test Pesan']);
  });

  it('only READY is connected', () => {
    expect(waIsConnected({ status: 'READY' })).toBe(true);
    for (const status of ['PENDING', 'DISCONNECTED', 'FAILED', 'ERROR', 'x', null]) expect(waIsConnected({ status })).toBe(false);
    expect(waIsConnected(undefined)).toBe(false);
  });
});
