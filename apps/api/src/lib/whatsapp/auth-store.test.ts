import { beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { databasePerFile } from '../../test/test-app';
import { createDbAuthStore } from './auth-store';
import type { BaileysModule } from './baileys-module';
import { BufferJSON, fakeInitAuthCreds } from './testing/fake-baileys';

let handle: DatabaseHandle;
databasePerFile((fresh) => {
  handle = fresh;
});
beforeEach(async () => {
  await handle.db.deleteFrom('wa_auth_state').execute();
});

const revived: unknown[] = [];
const codec: Pick<BaileysModule, 'BufferJSON' | 'initAuthCreds' | 'proto'> = {
  BufferJSON,
  initAuthCreds: fakeInitAuthCreds,
  proto: {
    Message: {
      AppStateSyncKeyData: {
        fromObject: (value: unknown) => {
          revived.push(value);
          return { revived: value };
        },
      },
    },
  },
};

/** The real package, when someone installed it (docs/whatsapp.md); the codec above copies it. */
async function realBaileys(): Promise<BaileysModule | null> {
  try {
    const specifier = 'baileys';
    return (await import(specifier)) as BaileysModule;
  } catch {
    return null;
  }
}
const real = await realBaileys();

describe('PostgreSQL auth store', () => {
  it('round-trips initAuthCreds(): every Buffer comes back as an equal Buffer', async () => {
    const store = createDbAuthStore(handle.db);
    const first = await store.load(codec);
    const creds = first.state.creds as Record<string, unknown> & { noiseKey: { private: Buffer; public: Buffer } };
    expect(Buffer.isBuffer(creds.noiseKey.private)).toBe(true);
    await first.saveCreds();

    const again = await createDbAuthStore(handle.db).load(codec);
    expect(again.state.creds).toEqual(creds);
    const noise = (again.state.creds as typeof creds).noiseKey;
    expect(Buffer.isBuffer(noise.private)).toBe(true);
    expect(noise.private.equals(creds.noiseKey.private)).toBe(true);
    const row = await handle.db.selectFrom('wa_auth_state').select('value').where('key', '=', 'creds').executeTakeFirstOrThrow();
    expect(row.value).toContain('"type":"Buffer"');
  });

  it('saves the creds object as it is mutated later (baileys edits it in place)', async () => {
    const store = createDbAuthStore(handle.db);
    const loaded = await store.load(codec);
    expect(await store.hasLinkedCreds()).toBe(false);
    loaded.state.creds.me = { id: '628111:2@s.whatsapp.net', name: 'Uji' };
    await loaded.saveCreds();
    expect(await store.hasLinkedCreds()).toBe(true);
    expect((await store.load(codec)).state.creds.me).toEqual({ id: '628111:2@s.whatsapp.net', name: 'Uji' });
  });

  it('sets, gets and deletes signal keys; app-state-sync keys are revived with proto', async () => {
    const { state } = await createDbAuthStore(handle.db).load(codec);
    const session = Buffer.from('sesi-rahasia');
    await state.keys.set({
      session: { '628111.0': session, '628222.0': { record: Buffer.from([1, 2, 3]) } },
      'pre-key': { '1': { private: Buffer.alloc(32, 7), public: Buffer.alloc(32, 8) } },
      'app-state-sync-key': { AAAA: { keyData: Buffer.from('k') } },
    });
    const got = await state.keys.get('session', ['628111.0', '628222.0', 'tidak-ada']);
    expect(got['628111.0']).toEqual(session);
    expect(got['628222.0']).toEqual({ record: Buffer.from([1, 2, 3]) });
    expect(got['tidak-ada']).toBeUndefined();
    expect((await state.keys.get('pre-key', ['1']))['1']).toEqual({ private: Buffer.alloc(32, 7), public: Buffer.alloc(32, 8) });
    expect((await state.keys.get('app-state-sync-key', ['AAAA'])).AAAA).toEqual({ revived: { keyData: Buffer.from('k') } });

    await state.keys.set({
      session: { '628111.0': null },
      'pre-key': { '2': { private: Buffer.alloc(1), public: Buffer.alloc(1) } },
    });
    expect((await state.keys.get('session', ['628111.0']))['628111.0']).toBeUndefined();
    expect(Object.keys(await state.keys.get('pre-key', ['1', '2']))).toEqual(expect.arrayContaining(['1', '2']));
  });

  it('writes a batch of keys in one transaction: a failing value leaves none of the batch', async () => {
    const { state } = await createDbAuthStore(handle.db).load(codec);
    await state.keys.set({ session: { keep: Buffer.from('lama') } });
    // The last row of the batch cannot be stored (a NUL character in a text key): the delete and
    // the insert before it must be rolled back with it.
    await expect(
      state.keys.set({ session: { keep: null, a: Buffer.from('baru') }, 'sender-key': { 'rusak\u0000': Buffer.from('x') } }),
    ).rejects.toThrow();
    const after = await state.keys.get('session', ['keep', 'a']);
    expect(after.keep).toEqual(Buffer.from('lama'));
    expect(after.a).toBeUndefined();
  });

  it('stores keys whose id is too long for the column under a hash', async () => {
    const { state } = await createDbAuthStore(handle.db).load(codec);
    const id = `120363000000000000@g.us::${'6281234567890'.repeat(20)}::0`;
    await state.keys.set({ 'sender-key': { [id]: Buffer.from('x') } });
    expect((await state.keys.get('sender-key', [id]))[id]).toEqual(Buffer.from('x'));
  });

  it('clear() forgets creds and keys', async () => {
    const store = createDbAuthStore(handle.db);
    const loaded = await store.load(codec);
    await loaded.saveCreds();
    await loaded.state.keys.set({ session: { s: Buffer.from('x') } });
    await store.clear();
    expect(await handle.db.selectFrom('wa_auth_state').select('key').execute()).toEqual([]);
  });

  it.runIf(real)('round-trips the real baileys initAuthCreds() with its BufferJSON', async () => {
    const mod = real!;
    const store = createDbAuthStore(handle.db);
    const loaded = await store.load(mod);
    await loaded.saveCreds();
    const again = await store.load(mod);
    expect(again.state.creds).toEqual(loaded.state.creds);
  });
});
