/**
 * The child process of a backup of the embedded database (lib/backup-process.ts, issue 46): reads
 * the snapshot copy the server took (named in its first argument, as JSON) and writes the archive to file descriptor 3, then answers its
 * summary over the IPC channel and exits, giving the copy's memory back to the system.
 */
import net from 'node:net';
import { openSnapshotCopy } from './db/database';
import { streamBackup } from './lib/backup';
import { ARCHIVE_FD, type ChildBackupAnswer, type ChildBackupRequest } from './lib/backup-process';

const answer = (message: ChildBackupAnswer) =>
  new Promise<void>((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));

const request = JSON.parse(process.argv[2] ?? '{}') as ChildBackupRequest;
const out = new net.Socket({ fd: ARCHIVE_FD, readable: false, writable: true });
let message: ChildBackupAnswer;
try {
  const copy = await openSnapshotCopy(request.copyDir);
  try {
    message = { type: 'done', result: await streamBackup(copy.db, request.dbKind, request.dataDir, out) };
  } finally {
    await copy.close();
  }
} catch (error) {
  out.destroy();
  message = { type: 'failed', message: (error as Error).message };
}
await answer(message);
process.disconnect();
