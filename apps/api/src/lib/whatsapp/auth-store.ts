import crypto from 'node:crypto';
import type { Database } from '../../db/database';
import type { AuthCreds, AuthenticationState, BaileysModule, SignalKeyStore } from './baileys-module';

const CREDS_KEY = 'creds';
const SESSION_ID_KEY = 'session-id';
const KEY_PREFIX = 'key:';
const MAX_KEY_LENGTH = 200; // wa_auth_state.key is varchar(200)

export interface LoadedAuthState {
  state: AuthenticationState;
  /** Writes the current creds object (baileys mutates it in place, then emits creds.update). */
  saveCreds(): Promise<void>;
}

/** Where the Baileys credentials and signal keys live: table wa_auth_state, never loose files. */
export interface WaAuthStore {
  load(codec: Pick<BaileysModule, 'BufferJSON' | 'initAuthCreds' | 'proto'>): Promise<LoadedAuthState>;
  /** Whether stored creds belong to a linked device (a scan happened and was not undone). */
  hasLinkedCreds(): Promise<boolean>;
  /** Forgets everything (logout, new pairing, 401 from WhatsApp). */
  clear(): Promise<void>;
  /** The id of the pairing these creds belong to, kept so that a restart continues the same session. */
  sessionId(): Promise<string | null>;
  saveSessionId(id: string): Promise<void>;
}

function rowKey(type: string, id: string) {
  const key = `${KEY_PREFIX}${type}:${id}`;
  if (key.length <= MAX_KEY_LENGTH) return key;
  return `${KEY_PREFIX}${type}:#${crypto.createHash('sha256').update(id).digest('hex')}`;
}

/** Whether creds name the account they were linked to (set by WhatsApp after a successful scan). */
export function credsAreLinked(creds: Partial<AuthCreds> | null | undefined): boolean {
  return typeof creds?.me?.id === 'string' && creds.me.id.length > 0;
}

/**
 * The Baileys auth state in PostgreSQL (or PGlite): creds under 'creds', each signal key under
 * 'key:<type>:<id>', the pairing's session id under 'session-id', all serialised with Baileys' BufferJSON. A batch of key changes is written in
 * one transaction, so a crash never leaves half a key set behind.
 */
export function createDbAuthStore(db: Database): WaAuthStore {
  return {
    async load({ BufferJSON, initAuthCreds, proto }) {
      const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
      const decode = (text: string) => JSON.parse(text, BufferJSON.reviver) as unknown;

      const stored = await db.selectFrom('wa_auth_state').select('value').where('key', '=', CREDS_KEY).executeTakeFirst();
      const creds = stored ? (decode(stored.value) as AuthCreds) : initAuthCreds();

      const keys: SignalKeyStore = {
        async get(type, ids) {
          const result: Record<string, unknown> = {};
          if (ids.length === 0) return result;
          const byRowKey = new Map(ids.map((id) => [rowKey(type, id), id]));
          const rows = await db
            .selectFrom('wa_auth_state')
            .select(['key', 'value'])
            .where('key', 'in', [...byRowKey.keys()])
            .execute();
          for (const row of rows) {
            let value = decode(row.value);
            if (type === 'app-state-sync-key' && value && proto?.Message?.AppStateSyncKeyData) {
              value = proto.Message.AppStateSyncKeyData.fromObject(value);
            }
            result[byRowKey.get(row.key)!] = value;
          }
          return result;
        },
        async set(data) {
          const upserts: Array<{ key: string; value: string }> = [];
          const deletes: string[] = [];
          for (const [type, entries] of Object.entries(data)) {
            for (const [id, value] of Object.entries(entries ?? {})) {
              if (value === null || value === undefined) deletes.push(rowKey(type, id));
              else upserts.push({ key: rowKey(type, id), value: encode(value) });
            }
          }
          if (upserts.length === 0 && deletes.length === 0) return;
          await db.transaction().execute(async (trx) => {
            if (deletes.length > 0) await trx.deleteFrom('wa_auth_state').where('key', 'in', deletes).execute();
            for (const row of upserts) {
              await trx
                .insertInto('wa_auth_state')
                .values({ ...row, updated_at: new Date() })
                .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: new Date() }))
                .execute();
            }
          });
        },
      };

      return {
        state: { creds, keys },
        async saveCreds() {
          const value = encode(creds);
          await db
            .insertInto('wa_auth_state')
            .values({ key: CREDS_KEY, value, updated_at: new Date() })
            .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
            .execute();
        },
      };
    },

    async hasLinkedCreds() {
      const stored = await db.selectFrom('wa_auth_state').select('value').where('key', '=', CREDS_KEY).executeTakeFirst();
      if (!stored) return false;
      try {
        return credsAreLinked(JSON.parse(stored.value) as AuthCreds);
      } catch {
        return false;
      }
    },

    async clear() {
      await db.deleteFrom('wa_auth_state').execute();
    },

    async sessionId() {
      const stored = await db.selectFrom('wa_auth_state').select('value').where('key', '=', SESSION_ID_KEY).executeTakeFirst();
      return stored?.value ?? null;
    },

    async saveSessionId(id) {
      await db
        .insertInto('wa_auth_state')
        .values({ key: SESSION_ID_KEY, value: id, updated_at: new Date() })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: id, updated_at: new Date() }))
        .execute();
    },
  };
}
