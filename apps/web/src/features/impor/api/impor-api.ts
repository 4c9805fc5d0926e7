import type { ImporHasil, ImporPeriksa, JenisImpor } from '@mizan/core';
import { apiDownload, apiUpload, EXPORT_TIMEOUT_MS } from '../../../lib/api-client';

const form = (file: File) => {
  const body = new FormData();
  body.append('berkas', file, file.name);
  return body;
};

type Progress = { onProgress?: (sent: number) => void; onSent?: () => void };

/** GET /impor/{jenis}/template: the XLSX template with its instructions. */
export const downloadTemplate = (jenis: JenisImpor) =>
  apiDownload(`/impor/${jenis}/template`, undefined, `template-impor-${jenis}.xlsx`);

/** POST /impor/{jenis}/periksa: the dry run; nothing is written. */
export const checkFile = (jenis: JenisImpor, file: File, progress: Progress) =>
  apiUpload<ImporPeriksa>(`/impor/${jenis}/periksa`, form(file), { ...progress, timeoutMs: EXPORT_TIMEOUT_MS });

/** POST /impor/{jenis}: writes a file without problems, all or nothing. */
export const importFile = (jenis: JenisImpor, file: File, progress: Progress) =>
  apiUpload<ImporHasil>(`/impor/${jenis}`, form(file), { ...progress, timeoutMs: EXPORT_TIMEOUT_MS });

/** POST /impor/{jenis}/masalah: the same rows back as XLSX with a problem column. */
export const downloadProblems = (jenis: JenisImpor, file: File) =>
  apiDownload(`/impor/${jenis}/masalah`, undefined, `masalah-impor-${jenis}.xlsx`, EXPORT_TIMEOUT_MS, form(file));
