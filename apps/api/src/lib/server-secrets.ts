import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseOpenError, type Database } from '../db/database';

// What every server process on one PostgreSQL shares without configuration (issue 28 A), kept in
// `server_secrets` (migration 2026_12_02_0900): the token secret, and the identity of the one data
// folder that holds the receipt files.

const TOKEN_SECRET = 'token_secret';
const DATA_DIR_ID = 'data_dir_id';
/** The identity of a data folder, a file inside it (copied with the folder, shared with it). */
export const DATA_DIR_ID_FILE = 'data-id';

/** The shared value of `name`: the first process to ask stores `candidate`, every later one reads it. */
async function shared(db: Database, name: string, candidate: string): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: candidate })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

function readSecretFile(dataDir: string): string | null {
  try {
    const existing = fs.readFileSync(path.join(dataDir, 'secret'), 'utf8').trim();
    return existing.length >= 32 ? existing : null;
  } catch {
    return null;
  }
}

/** One generated once and kept in DATA_DIR/secret (mode 0600): the embedded database's one process. */
function fileTokenSecret(dataDir: string): string {
  const existing = readSecretFile(dataDir);
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(path.join(dataDir, 'secret'), secret, { mode: 0o600 });
  return secret;
}

/**
 * The token secret of a server: JWT_SECRET when set; on PostgreSQL one kept in the database, so
 * that every process (each with its own DATA_DIR or not) accepts the others' tokens — a
 * `DATA_DIR/secret` from before becomes that shared one, so nobody is signed out by the upgrade;
 * on PGlite `DATA_DIR/secret`.
 */
export async function resolveTokenSecret(
  configured: string | null,
  dataDir: string,
  db: Database,
  kind: 'pglite' | 'postgres',
): Promise<string> {
  if (configured) return configured;
  if (kind === 'pglite') return fileTokenSecret(dataDir);
  return shared(db, TOKEN_SECRET, readSecretFile(dataDir) ?? crypto.randomBytes(48).toString('base64url'));
}

/** Refused at start (server.ts prints it and exits, as for a database that does not open). */
export class DataDirMismatch extends DatabaseOpenError {}

/** This data folder's identity (created on first use). */
function dataDirId(dataDir: string): string {
  const file = path.join(dataDir, DATA_DIR_ID_FILE);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing) return existing;
  } catch {
    // first start: create below
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const id = crypto.randomUUID();
  fs.writeFileSync(file, `${id}\n`);
  return id;
}

/** Whether any row names a file under the data folder (a loan's receipt, a ta'widh's evidence). */
async function filesReferenced(db: Database): Promise<boolean> {
  const loan = await db.selectFrom('pinjaman').select('id').where('kwitansi', 'is not', null).limit(1).executeTakeFirst();
  if (loan) return true;
  return Boolean(await db.selectFrom('tawidh').select('id').limit(1).executeTakeFirst());
}

/**
 * PostgreSQL: every process must keep receipts in the same data folder (one folder on the machine,
 * or a shared mount). The database remembers the folder's identity (`DATA_DIR/data-id`); a process
 * started on another folder is refused once receipts exist, because the files would be in one
 * folder and missing from the other. Before any receipt exists, the newer folder simply becomes
 * the database's (returned as `moved`).
 */
export async function checkDataDir(db: Database, dataDir: string): Promise<{ moved: boolean }> {
  const ours = dataDirId(dataDir);
  const registered = await shared(db, DATA_DIR_ID, ours);
  if (registered === ours) return { moved: false };
  if (await filesReferenced(db))
    throw new DataDirMismatch(
      `Folder data ${dataDir} bukan folder data yang dipakai database ini: file kwitansi sudah tersimpan di folder data lain ` +
        `(${DATA_DIR_ID_FILE} ${registered}). Jalankan semua proses dengan DATA_DIR yang sama (satu folder di mesin ini, atau ` +
        `folder bersama), atau pindahkan seluruh folder data lama (termasuk file ${DATA_DIR_ID_FILE}) ke ${dataDir}.`,
    );
  await db.updateTable('server_secrets').set({ value: ours }).where('name', '=', DATA_DIR_ID).execute();
  return { moved: true };
}
