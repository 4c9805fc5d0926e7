import { beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { databasePerFile } from '../../test/test-app';
import { ABANDONED_MESSAGE, messageLog, UNCERTAIN_MESSAGE, type NewWaMessage } from './message-log.repository';
import { NOT_ON_WHATSAPP, WaOutbox } from './outbox';
import { SimulatorGateway } from './simulator';
import type { WaNumberCheck } from './types';

let handle: DatabaseHandle;
let gateway: SimulatorGateway;
databasePerFile((fresh) => {
  handle = fresh;
});
beforeEach(async () => {
  await handle.db.deleteFrom('wa_messages').execute();
  gateway = new SimulatorGateway();
  await gateway.create();
  gateway.scan();
});

const item = (key: string, phone: string, text = 'Tes'): NewWaMessage => ({
  idempotencyKey: key,
  recipientId: null,
  phone,
  text,
  createdBy: null,
});
const rows = () => handle.db.selectFrom('wa_messages').selectAll().orderBy('id').execute();
const noGap = { gapMs: [0, 0] as const };

describe('message log and outbox', () => {
  it('logs every message, sends the good ones with the logged id, fails the 0000 number', async () => {
    const outbox = new WaOutbox(handle.db, gateway, noGap);
    const result = await outbox.send([item('k1', '6281211110001'), item('k2', '6281211110000'), item('k3', '6281211110003')]);
    expect([...result.values()].map((r) => [r.idempotency_key, r.status])).toEqual([
      ['k1', 'SENT'],
      ['k2', 'FAILED'],
      ['k3', 'SENT'],
    ]);
    expect(result.get('k2')!.error).toMatch(/0000/);
    expect(gateway.sent.map((s) => s.phone)).toEqual(['6281211110001', '6281211110003']);
    // The id written before the call is the id the gateway used.
    expect(result.get('k1')!.message_id).toBe(gateway.sent[0]!.messageId);
    expect(result.get('k3')!.message_id).toBe(gateway.sent[1]!.messageId);
  });

  it('never sends a key twice: a repeated batch answers from the log', async () => {
    const outbox = new WaOutbox(handle.db, gateway, noGap);
    const first = await outbox.send([item('k1', '6281211110001'), item('k2', '6281211110000')]);
    const again = await outbox.send([item('k1', '6281211110001'), item('k2', '6281211110000')]);
    expect(gateway.sent).toHaveLength(1);
    expect([...again.values()].map((r) => r.status)).toEqual(['SENT', 'FAILED']);
    expect(again.get('k1')!.message_id).toBe(first.get('k1')!.message_id);
    expect(await rows()).toHaveLength(2);
  });

  it('after a crash: SENDING → UNCERTAIN, QUEUED → FAILED, and neither is ever re-sent', async () => {
    await handle.db
      .insertInto('wa_messages')
      .values([
        { idempotency_key: 'crash-sending', phone_number: '6281211110001', text: 'x', status: 'SENDING', message_id: 'SIMAAA' },
        { idempotency_key: 'crash-queued', phone_number: '6281211110002', text: 'x', status: 'QUEUED' },
        { idempotency_key: 'done', phone_number: '6281211110003', text: 'x', status: 'SENT', message_id: 'SIMBBB' },
      ])
      .execute();
    expect(await messageLog.recoverAfterRestart(handle.db)).toEqual({ uncertain: 1, abandoned: 1 });
    const outbox = new WaOutbox(handle.db, gateway, noGap);
    const result = await outbox.send([
      item('crash-sending', '6281211110001'),
      item('crash-queued', '6281211110002'),
      item('done', '6281211110003'),
    ]);
    expect(gateway.sent).toEqual([]);
    expect(result.get('crash-sending')).toMatchObject({ status: 'UNCERTAIN', error: UNCERTAIN_MESSAGE, message_id: 'SIMAAA' });
    expect(result.get('crash-queued')).toMatchObject({ status: 'FAILED', error: ABANDONED_MESSAGE });
    expect(result.get('done')).toMatchObject({ status: 'SENT' });
    expect(await messageLog.recoverAfterRestart(handle.db)).toEqual({ uncertain: 0, abandoned: 0 });
  });

  it('checks numbers first: a number without WhatsApp fails without a send', async () => {
    const checking = Object.assign(Object.create(gateway) as SimulatorGateway, {
      checkNumbers: async (phones: string[]): Promise<WaNumberCheck[]> =>
        phones.map((phone) => ({ phone, exists: phone !== '6281211110002', jid: `${phone}@s.whatsapp.net` })),
    });
    const outbox = new WaOutbox(handle.db, checking, noGap);
    const result = await outbox.send([item('a', '6281211110001'), item('b', '6281211110002')]);
    expect(result.get('b')).toMatchObject({ status: 'FAILED', error: NOT_ON_WHATSAPP, message_id: null });
    expect(gateway.sent.map((s) => s.phone)).toEqual(['6281211110001']);
  });

  it('a failing number check fails the batch before anything leaves', async () => {
    await gateway.logout(); // not READY: the check throws
    const outbox = new WaOutbox(handle.db, gateway, noGap);
    const result = await outbox.send([item('a', '6281211110001'), item('b', '6281211110002')]);
    expect(
      [...result.values()].every(
        (r) => r.status === 'FAILED' && r.error!.startsWith('Gagal memeriksa nomor WhatsApp: WhatsApp belum terhubung'),
      ),
    ).toBe(true);
    expect(gateway.sent).toEqual([]);
  });

  it('paces sends one at a time across concurrent batches, with the random gap between them', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const slow = Object.assign(Object.create(gateway) as SimulatorGateway, {
      sendText: async (phone: string, text: string, options: { messageId: string }) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return gateway.sendText(phone, text, options);
      },
    });
    const waits: number[] = [];
    const outbox = new WaOutbox(handle.db, slow, {
      gapMs: [200, 400],
      random: () => 0.5,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await Promise.all([
      outbox.send([item('a1', '6281211110001'), item('a2', '6281211110002')]),
      outbox.send([item('b1', '6281211110003'), item('b2', '6281211110004')]),
    ]);
    expect(maxInFlight).toBe(1);
    expect(gateway.sent).toHaveLength(4);
    // Three gaps of 300 ms (0.5 between 200 and 400), each minus the little time already spent.
    expect(waits).toHaveLength(3);
    for (const w of waits) expect(w).toBeGreaterThan(200);
    for (const w of waits) expect(w).toBeLessThanOrEqual(300);
  });

  it('receipts move a message forward only, and settle an UNCERTAIN one', async () => {
    await handle.db
      .insertInto('wa_messages')
      .values([
        { idempotency_key: 's', phone_number: '6281', text: 'x', status: 'SENT', message_id: 'M1' },
        { idempotency_key: 'u', phone_number: '6282', text: 'x', status: 'UNCERTAIN', message_id: 'M2' },
        { idempotency_key: 'f', phone_number: '6283', text: 'x', status: 'FAILED', message_id: 'M3' },
      ])
      .execute();
    await messageLog.applyAck(handle.db, 'M1', 'DELIVERED');
    await messageLog.applyAck(handle.db, 'M1', 'READ');
    await messageLog.applyAck(handle.db, 'M1', 'DELIVERED');
    await messageLog.applyAck(handle.db, 'M2', 'DELIVERED');
    await messageLog.applyAck(handle.db, 'M3', 'READ');
    const byKey = Object.fromEntries((await rows()).map((r) => [r.idempotency_key, r]));
    expect(byKey.s!.status).toBe('READ');
    expect(byKey.u).toMatchObject({ status: 'DELIVERED', error: null });
    expect(byKey.f!.status).toBe('FAILED');
  });
});
