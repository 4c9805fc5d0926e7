/**
 * Receipt (kwitansi) file rules (spec §5): JPEG, PNG or PDF, at most 5 MB. The browser checks the
 * file it was given; the server checks the bytes themselves with {@link detectKwitansiType}.
 */
import { z } from './zod';
import { messages } from '../messages';

const m = messages.kwitansi;

/** Maximum receipt size: 5 MB = 5 × 1024 × 1024 bytes. */
export const KWITANSI_MAX_BYTES = 5 * 1024 * 1024;

/** Images are downscaled to fit 1920×1080 at JPEG quality 0.85 before upload (spec §5). */
export const KWITANSI_IMAGE_MAX_WIDTH = 1920;
export const KWITANSI_IMAGE_MAX_HEIGHT = 1080;
export const KWITANSI_IMAGE_QUALITY = 0.85;

/** Stored receipt extensions (spec §3). */
export const kwitansiExtensions = ['jpg', 'jpeg', 'png', 'pdf'] as const;
export type KwitansiExtension = (typeof kwitansiExtensions)[number];

/** Accepted MIME types and the extension a stored file of that type gets. */
export const kwitansiMimeTypes = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
} as const satisfies Record<string, KwitansiExtension>;

/** The value for an `<input type="file" accept>` attribute. */
export const KWITANSI_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

/** The extension for an accepted MIME type, or null when the type is not allowed. */
export function kwitansiExtensionForMime(mimeType: string): KwitansiExtension | null {
  const key = mimeType.trim().toLowerCase() as keyof typeof kwitansiMimeTypes;
  return Object.hasOwn(kwitansiMimeTypes, key) ? kwitansiMimeTypes[key] : null;
}

/** Whether a stored file name ends in an allowed receipt extension (case-insensitive). */
export function hasKwitansiExtension(fileName: string): boolean {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return fileName.includes('.') && (kwitansiExtensions as readonly string[]).includes(extension);
}

/** The file type from its first bytes (magic numbers), or null when not JPEG, PNG or PDF. */
export function detectKwitansiType(bytes: Uint8Array): 'jpg' | 'png' | 'pdf' | null {
  const startsWith = (signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (startsWith([0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  return null;
}

/** Size in MB with 2 decimals for the preview caption ('1,50 MB'). */
export function formatFileSizeMb(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb.toLocaleString('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} MB`;
}

/** Metadata of a chosen or uploaded file (a browser `File` fits this shape). */
export const kwitansiFileSchema = z
  .object({
    name: z.string().optional(),
    type: z.string({ error: m.typeNotAllowed }),
    size: z.number({ error: m.empty }),
  })
  .check((ctx) => {
    const error = kwitansiFileError(ctx.value);
    if (error) ctx.issues.push({ code: 'custom', message: error, input: ctx.value, path: [] });
  });
export type KwitansiFile = z.infer<typeof kwitansiFileSchema>;

/**
 * The Indonesian message for a receipt file, or null when allowed: the type (by MIME type, or by
 * name when the browser gives no type) must be JPEG, PNG or PDF, and the size 1 byte … 5 MB.
 */
export function kwitansiFileError(file: { name?: string | undefined; type: string; size: number }): string | null {
  const typeAllowed = file.type !== '' ? kwitansiExtensionForMime(file.type) !== null : hasKwitansiExtension(file.name ?? '');
  if (!typeAllowed) return m.typeNotAllowed;
  if (!(file.size > 0)) return m.empty;
  if (file.size > KWITANSI_MAX_BYTES) return m.tooLarge;
  return null;
}
