import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { databasePerFile } from '../../test/test-app';
import { createWhatsApp } from './index';
import { UNCERTAIN_MESSAGE } from './message-log.repository';
import { SimulatorGateway } from './simulator';

let handle: DatabaseHandle;
databasePerFile((fresh) => {
  handle = fresh;
});

class AckingSimulator extends SimulatorGateway {
  ack(messageId: string, status: 'DELIVERED' | 'READ') {
    this.emitAck(messageId, status);
  }
}

describe('createWhatsApp', () => {
  it('on start-up, marks messages left SENDING as UNCERTAIN before anything can be sent, and never re-sends them', async () => {
    await handle.db
      .insertInto('wa_messages')
      .values({
        idempotency_key: 'test:crash:1',
        phone_number: '6281211112222',
        text: 'x',
        status: 'SENDING',
        message_id: 'SIMCRASH',
      })
      .execute();
    const gateway = new SimulatorGateway();
    const wa = createWhatsApp({ kind: 'simulator', db: handle.db, dbKind: handle.kind, gateway });
    await wa.start();
    const row = await handle.db
      .selectFrom('wa_messages')
      .selectAll()
      .where('idempotency_key', '=', 'test:crash:1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'UNCERTAIN', error: UNCERTAIN_MESSAGE });

    await gateway.create();
    gateway.scan();
    await wa.outbox.send([
      { idempotencyKey: 'test:crash:1', recipientId: null, phone: '6281211112222', text: 'x', createdBy: null },
    ]);
    expect(gateway.sent).toEqual([]);
    await wa.close();
  });

  it('records delivery receipts from the gateway in the message log', async () => {
    const gateway = new AckingSimulator();
    const wa = createWhatsApp({ kind: 'simulator', db: handle.db, dbKind: handle.kind, gateway });
    await wa.start();
    await gateway.create();
    gateway.scan();
    const log = await wa.outbox.send([
      { idempotencyKey: 'ack:1', recipientId: null, phone: '6281211113333', text: 'x', createdBy: null },
    ]);
    const messageId = log.get('ack:1')!.message_id!;
    gateway.ack(messageId, 'READ');
    await expect
      .poll(
        async () =>
          (
            await handle.db
              .selectFrom('wa_messages')
              .select('status')
              .where('idempotency_key', '=', 'ack:1')
              .executeTakeFirstOrThrow()
          ).status,
      )
      .toBe('READ');
    await wa.close();
  });
});
