import fs from 'node:fs';
import path from 'node:path';
import { formatUkuranFile } from '@mizan/core';
import { ConfigError } from '../../config';

/**
 * BACKUP_DIR checked when the server starts with scheduled backups on (issue 46), rather than when
 * the first night's backup fails (docs/decisions/operations.md "BACKUP_DIR checked at start"):
 * - a folder the server cannot create or write is refused like a bad setting (server.ts): every
 *   scheduled backup would fail while the books go on unprotected, and only the operator starting
 *   the server can fix it;
 * - too little free space for a backup the size of the last one is reported, not refused
 *   (backup.service.ts records it as a failed run): space changes while the server runs, and the
 *   books must stay open.
 */

/** Why a backup or the check of its folder failed, in Indonesian first, with the system's own words after it for the operator. */
export function reasonOf(error: NodeJS.ErrnoException): string {
  const said = error.message;
  switch (error.code) {
    case 'ENOSPC':
      return `disk folder cadangan penuh (${said})`;
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `server tidak boleh menulis ke folder cadangan (${said})`;
    case 'ENOTDIR':
    case 'ENOENT':
    case 'EEXIST':
      return `folder cadangan tidak dapat dibuat (${said})`;
    default:
      return said;
  }
}

/**
 * Refuses (ConfigError, as server.ts shows every bad setting) a backup folder that does not exist
 * and cannot be created, or that the server cannot write: a probe file is created and removed.
 */
export function assertBackupFolderUsable(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    // Named so that neither the list of backups nor the removal of partial files ever sees it.
    const probe = path.join(dir, `.mizan-probe-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    throw new ConfigError([
      `Folder cadangan ${dir} (BACKUP_DIR) tidak dapat dipakai: ${reasonOf(error as NodeJS.ErrnoException)}. ` +
        'Tanpanya cadangan terjadwal gagal setiap hari. Perbaiki folder atau izinnya, arahkan BACKUP_DIR ke folder lain, ' +
        'atau matikan cadangan terjadwal dengan BACKUP_SCHEDULE=off.',
    ]);
  }
}

/**
 * What to tell the operator when the folder's file system has less free space (for this
 * process's user) than `neededBytes`, the size of the last backup; null when there is room.
 */
export function spaceShortage(dir: string, neededBytes: number): string | null {
  const { bavail, bsize } = fs.statfsSync(dir);
  const freeBytes = bavail * bsize;
  if (freeBytes >= neededBytes) return null;
  return (
    `ruang kosong di folder cadangan ${dir} tinggal ${formatUkuranFile(freeBytes)}, kurang dari ukuran cadangan ` +
    `terakhir (${formatUkuranFile(neededBytes)}), sehingga cadangan berikutnya kemungkinan gagal. Kosongkan ruang disk, ` +
    'hapus file cadangan lama, atau arahkan BACKUP_DIR ke disk lain.'
  );
}
