/**
 * The part of the `baileys` 7 API this project uses, typed structurally so that the package is
 * only ever loaded with a dynamic import (and only when WA_GATEWAY=baileys). Names and shapes
 * follow baileys' own declarations (lib/Types, lib/Utils, lib/Socket).
 */

/** A value JSON.stringify/parse can carry once passed through BufferJSON. */
export interface BufferJsonCodec {
  replacer(key: string, value: unknown): unknown;
  reviver(key: string, value: unknown): unknown;
}

/** baileys' AuthenticationCreds: only the fields this project reads are named. */
export interface AuthCreds {
  me?: { id: string; name?: string; lid?: string } | null;
  registered?: boolean;
  [key: string]: unknown;
}

export interface SignalKeyStore {
  get(type: string, ids: string[]): Promise<Record<string, unknown>>;
  set(data: Record<string, Record<string, unknown | null>>): Promise<void>;
  clear?(): Promise<void>;
}

export interface AuthenticationState {
  creds: AuthCreds;
  keys: SignalKeyStore;
}

/** A disconnect error: baileys throws Boom errors carrying the status code. */
export interface DisconnectError extends Error {
  output?: { statusCode?: number };
  data?: unknown;
}

export interface ConnectionUpdate {
  connection?: 'open' | 'connecting' | 'close';
  lastDisconnect?: { error?: DisconnectError | Error; date?: Date };
  isNewLogin?: boolean;
  qr?: string;
}

export interface BaileysEventMap {
  'connection.update': ConnectionUpdate;
  'creds.update': Partial<AuthCreds>;
  'messaging-history.set': { chats: Array<{ id?: string | null }>; isLatest?: boolean };
  'chats.upsert': Array<{ id?: string | null }>;
  'chats.delete': string[];
  'messages.upsert': {
    messages: Array<{
      key: { id?: string | null; fromMe?: boolean | null; remoteJid?: string | null; remoteJidAlt?: string | null };
      message?: { conversation?: string | null; extendedTextMessage?: { text?: string | null } | null } | null;
    }>;
    type: 'notify' | 'append';
  };
  'messages.update': Array<{
    key: { id?: string | null; fromMe?: boolean | null; remoteJid?: string | null };
    update: { status?: number | null };
  }>;
}

export interface BaileysEventEmitter {
  on<E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): void;
  off?<E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): void;
}

export interface WASocket {
  ev: BaileysEventEmitter;
  user?: { id: string; name?: string; notify?: string; verifiedName?: string; lid?: string } | null;
  onWhatsApp(...phoneNumbers: string[]): Promise<Array<{ jid: string; exists: boolean }> | undefined>;
  sendMessage(
    jid: string,
    content: { text: string },
    options?: { messageId?: string },
  ): Promise<{ key: { id?: string | null } } | undefined>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): void | Promise<void>;
}

/** The subset of UserFacingSocketConfig that is set here. */
export interface SocketConfig {
  auth: AuthenticationState;
  version?: [number, number, number];
  browser?: [string, string, string];
  logger?: BaileysLogger;
  markOnlineOnConnect?: boolean;
  syncFullHistory?: boolean;
  generateHighQualityLinkPreview?: boolean;
  connectTimeoutMs?: number;
}

/** pino-compatible logger (baileys' ILogger). */
export interface BaileysLogger {
  level: string;
  child(bindings: Record<string, unknown>): BaileysLogger;
  trace(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface BaileysModule {
  makeWASocket(config: SocketConfig): WASocket;
  BufferJSON: BufferJsonCodec;
  initAuthCreds(): AuthCreds;
  fetchLatestBaileysVersion?(): Promise<{ version: [number, number, number]; isLatest?: boolean }>;
  Browsers?: { ubuntu(browser: string): [string, string, string] };
  makeCacheableSignalKeyStore?(store: SignalKeyStore, logger?: BaileysLogger): SignalKeyStore;
  generateMessageIDV2?(userId?: string): string;
  /** For revival of app-state-sync keys (as baileys' own file store does). */
  proto?: { Message?: { AppStateSyncKeyData?: { fromObject(value: unknown): unknown } } };
}

/** The version of baileys this adapter is written against (docs/whatsapp.md). */
export const BAILEYS_PACKAGE = 'baileys@7.0.0-rc14';

/**
 * Loads the installed `baileys` package. The specifier is a variable so that neither TypeScript
 * nor a bundler tries to resolve it when it is not installed (it is optional: docs/whatsapp.md).
 */
export async function loadBaileys(): Promise<BaileysModule> {
  const specifier = 'baileys';
  const loaded = (await import(specifier)) as Partial<BaileysModule> & { default?: unknown };
  const makeWASocket = loaded.makeWASocket ?? (loaded.default as BaileysModule['makeWASocket'] | undefined);
  if (typeof makeWASocket !== 'function' || !loaded.BufferJSON || typeof loaded.initAuthCreds !== 'function') {
    throw new Error('Paket baileys yang terpasang tidak dikenali (butuh versi 7)');
  }
  return { ...(loaded as BaileysModule), makeWASocket };
}
