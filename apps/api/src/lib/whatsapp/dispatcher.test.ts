import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/test-db';
import { createDispatcher } from './dispatcher';
import { messageLog } from './message-log.repository';
import { WaOutbox } from './outbox';
import { SimulatorGateway } from './simulator';

// The sender of waiting notifications and reminders (issue 24, part D): one sender at a time,
// also when several server processes look at the same log. With Baileys only the session's
// owner is ever READY; here both "processes" are READY at once (the worst case: a second
// connected session) and still no row is sent twice, nor left behind. On PostgreSQL the second
// process has its own connections.

let handle: DatabaseHandle & { url?: string };
let second: DatabaseHandle | null = null;
beforeAll(async () => {
  handle = await createTestDatabase();
  second = handle.url ? await openPostgres(handle.url, 5) : null;
});
afterAll(async () => {
  await second?.close();
  await handle?.close();
});

async function readyGateway() {
  const gateway = new SimulatorGateway();
  await gateway.create();
  gateway.scan();
  return gateway;
}

describe('the sender with several processes', () => {
  it('hands every waiting row over exactly once, whichever process claims it', async () => {
    const keys = Array.from({ length: 30 }, (_, i) => `notif:uji:${i}`);
    await messageLog.enqueue(
      handle.db,
      keys.map((key, i) => ({
        idempotencyKey: key,
        jenis: 'notifikasi' as const,
        recipientId: null,
        phone: `62812345${String(i).padStart(4, '1')}`,
        text: `Pesan ${i}`,
        createdBy: null,
      })),
    );
    const processes = await Promise.all(
      [handle.db, second?.db ?? handle.db].map(async (db) => {
        const gateway = await readyGateway();
        const outbox = new WaOutbox(db, gateway, { gapMs: [0, 2] });
        return { gateway, dispatcher: createDispatcher({ db, gateway, outbox }) };
      }),
    );
    await Promise.all(processes.map((p) => p.dispatcher.kick()));
    await Promise.all(processes.map((p) => p.dispatcher.idle()));
    const sent = processes.flatMap((p) => p.gateway.sent.map((m) => m.text));
    expect(sent.sort()).toEqual(keys.map((_, i) => `Pesan ${i}`).sort());
    const rows = await messageLog.findByKeys(handle.db, keys);
    expect([...rows.values()].every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(true);
    await Promise.all(processes.map((p) => p.dispatcher.close()));
  });

  it('sends nothing from a process whose WhatsApp is not connected; the rows wait', async () => {
    await messageLog.enqueue(handle.db, [
      {
        idempotencyKey: 'notif:tunggu:1',
        jenis: 'notifikasi',
        recipientId: null,
        phone: '6281234567890',
        text: 'Tunggu',
        createdBy: null,
      },
    ]);
    const gateway = new SimulatorGateway();
    const dispatcher = createDispatcher({ db: handle.db, gateway, outbox: new WaOutbox(handle.db, gateway, { gapMs: [0, 0] }) });
    await dispatcher.kick();
    expect(gateway.sent).toEqual([]);
    expect((await messageLog.findByKeys(handle.db, ['notif:tunggu:1'])).get('notif:tunggu:1')!.status).toBe('QUEUED');
    // Connected: the status event wakes the sender.
    await gateway.create();
    gateway.scan();
    await dispatcher.idle();
    await new Promise((r) => setTimeout(r, 50));
    await dispatcher.idle();
    expect(gateway.sent.map((m) => m.text)).toEqual(['Tunggu']);
    await dispatcher.close();
  });
});
