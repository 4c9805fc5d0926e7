/**
 * A backup of the embedded database read in a process of its own (issue 46).
 *
 * On PGlite the server backs up a copy of its folder (db/database.ts `openPgliteSnapshot`). Read
 * inside the server, that copy was a second PostgreSQL in WebAssembly: at 100 000 customers the
 * server grew by ~400 MB during a backup and kept most of it afterwards (a WebAssembly memory only
 * grows). Read by a child process (backup-child.ts), the copy's memory is the child's and returns
 * to the system when it exits; its statements do not take turns on the server's event loop either.
 * The child streams the archive through a pipe; the server passes it on (a download) or writes it
 * to a file (the scheduled backups), and learns the archive's summary over the IPC channel.
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Readable, Writable } from 'node:stream';
import type { BackupResult } from './backup';

/** What the server tells the child (its first argument, as JSON): the copy to read and where the receipts are. */
export interface ChildBackupRequest {
  copyDir: string;
  dataDir: string;
  dbKind: string;
}

/** What the child answers when the archive is written (or why it is not). */
export type ChildBackupAnswer = { type: 'done'; result: BackupResult } | { type: 'failed'; message: string };

/** The child's pipe for the archive: file descriptor 3 (fd 4 is the IPC channel). */
export const ARCHIVE_FD = 3;

/**
 * The child's script: beside the compiled server (apps/api/dist/backup-child.js, bundled by
 * scripts/build-if-needed.mjs), or the TypeScript source run through tsx (development, tests).
 */
function childScript(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return { file: path.join(path.dirname(here), 'backup-child.js'), execArgv: [] };
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  return {
    file: path.resolve(path.dirname(here), '../backup-child.ts'),
    execArgv: ['--import', pathToFileURL(path.join(tsxDir, 'dist/loader.mjs')).href],
  };
}

/**
 * Streams a backup of the snapshot copy `copyDir` into `out`, read by a child process. Rejects
 * (and destroys `out`) when the child fails or dies, or when `signal` aborts (the child is stopped).
 */
export async function backupCopyInChild(
  request: ChildBackupRequest,
  out: Writable,
  options: { signal?: AbortSignal } = {},
): Promise<BackupResult> {
  const { file, execArgv } = childScript();
  const child = fork(file, [JSON.stringify(request satisfies ChildBackupRequest)], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'pipe', 'ipc'],
    serialization: 'json',
  });
  const stop = () => child.kill('SIGTERM');
  options.signal?.addEventListener('abort', stop, { once: true });
  const answered = new Promise<BackupResult>((resolve, reject) => {
    child.once('message', (message: ChildBackupAnswer) =>
      message.type === 'done' ? resolve(message.result) : reject(new Error(message.message)),
    );
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(
        options.signal?.aborted
          ? (options.signal.reason as Error)
          : new Error(`proses cadangan berhenti tanpa hasil (${signal ?? `kode ${code}`})`),
      ),
    );
  });
  answered.catch(() => {}); // awaited below, after the archive's bytes
  try {
    await pipeline(child.stdio[ARCHIVE_FD] as Readable, out, { signal: options.signal });
    return await answered;
  } catch (error) {
    stop();
    out.destroy(error as Error);
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
}
