/** The server's backups (issue 28 B): its runs, the files it keeps, and the schedule. */
import { z } from './zod';

/** A backup file's name as the server writes it: `mizan-backup-20261126-180000.tar.gz` (UTC), maybe `-2` after it. */
export const BACKUP_FILE_PATTERN = /^mizan-backup-\d{8}-\d{6}(-\d{1,3})?\.tar\.gz$/;

export const backupRunSchema = z.object({
  id: z.number().int(),
  jenis: z.enum(['terjadwal', 'manual']),
  status: z.enum(['berjalan', 'berhasil', 'gagal']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  file_name: z.string().nullable(),
  bytes: z.number().int().nullable(),
  /** Why it failed (Indonesian), or null. */
  pesan: z.string().nullable(),
  /** Who pressed "Backup sekarang"; null for a scheduled run. */
  oleh: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

export const backupFileSchema = z.object({
  name: z.string(),
  bytes: z.number().int(),
  dibuat: z.string(),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

/** `GET /api/backup/status`. */
export const backupStatusSchema = z.object({
  /** The daily time in WIB ("01:00"), or null when scheduled backups are off (BACKUP_SCHEDULE=off). */
  jadwal: z.string().nullable(),
  /** How many backup files are kept. */
  simpan: z.number().int(),
  folder: z.string(),
  berjalan: backupRunSchema.nullable(),
  /** The newest finished run, successful or not. */
  terakhir: backupRunSchema.nullable(),
  riwayat: z.array(backupRunSchema),
  files: z.array(backupFileSchema),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

/** Reactions to committed money events (notifications) not done yet (issue 47): a count that grows says they fail. */
const reaksiCountsSchema = z.object({
  /** Waiting for their first attempt (normally for a moment after a write). */
  menunggu: z.number().int(),
  /** Failed, to be tried again (the error is in the server's log). */
  gagal: z.number().int(),
});

/** `GET /api/backup/status`: the backups, and the reactions waiting or failed (the server's status page). */
export const backupStatusResponseSchema = backupStatusSchema.extend({ reaksi: reaksiCountsSchema });
export type BackupStatusResponse = z.infer<typeof backupStatusResponseSchema>;
