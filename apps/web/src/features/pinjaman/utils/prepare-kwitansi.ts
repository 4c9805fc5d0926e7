import {
  formatFileSizeMb,
  KWITANSI_IMAGE_MAX_HEIGHT,
  KWITANSI_IMAGE_MAX_WIDTH,
  KWITANSI_IMAGE_QUALITY,
  KWITANSI_MAX_BYTES,
  kwitansiFileError,
  messages,
} from '@mizan/core';

/** A file the user picked, ready to upload, with what happened to it on the way. */
export interface PreparedKwitansi {
  file: File;
  originalSize: number;
  /** For images: the info toast with the size before and after processing (spec §5); null for PDFs. */
  resizedNote: string | null;
}

/** A message for the user (spec §5 and §8 texts). */
export class KwitansiFileError extends Error {}

const isImage = (file: File) => /^image\/(jpe?g|pjpeg|png)$/i.test(file.type) || /\.(jpe?g|png)$/i.test(file.name);

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('Failed to load image'));
    };
    image.src = url;
  });
}

/** Fits width×height inside 1920×1080, never enlarging. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth = KWITANSI_IMAGE_MAX_WIDTH,
  maxHeight = KWITANSI_IMAGE_MAX_HEIGHT,
) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), scaled: scale < 1 };
}

/** Draws the image at most 1920×1080 on a white background and encodes it as JPEG at quality 0.85. */
async function resizeImage(file: File): Promise<{ file: File; scaled: boolean }> {
  const image = await loadImage(file);
  const { width, height, scaled } = fitWithin(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Failed to resize image');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', KWITANSI_IMAGE_QUALITY));
  if (!blob) throw new Error('Failed to resize image');
  const name = `${file.name.replace(/\.[^.]*$/, '') || 'kwitansi'}.jpg`;
  return { file: new File([blob], name, { type: 'image/jpeg', lastModified: Date.now() }), scaled };
}

/**
 * Checks a picked receipt (JPEG, PNG or PDF) and prepares it for upload: images are downscaled to
 * fit 1920×1080 and re-encoded at JPEG quality 0.85 (kept as they were when that would not make
 * them smaller); the result must be at most 5 MB. Throws KwitansiFileError with the message to show.
 */
export async function prepareKwitansi(file: File): Promise<PreparedKwitansi> {
  // The type first (size 1 stands in for "not empty"), then emptiness; the size limit applies to what is uploaded.
  const typeError = kwitansiFileError({ name: file.name, type: file.type, size: 1 });
  if (typeError) throw new KwitansiFileError(typeError);
  if (file.size === 0) throw new KwitansiFileError(messages.kwitansi.empty);

  if (!isImage(file)) {
    if (file.size > KWITANSI_MAX_BYTES) throw new KwitansiFileError(messages.kwitansi.tooLarge);
    return { file, originalSize: file.size, resizedNote: null };
  }

  let prepared: { file: File; scaled: boolean };
  try {
    prepared = await resizeImage(file);
  } catch (error) {
    console.error('Gagal memproses file', error);
    throw new KwitansiFileError('Gagal memproses file');
  }
  const result = !prepared.scaled && prepared.file.size >= file.size ? file : prepared.file;
  if (result.size > KWITANSI_MAX_BYTES) throw new KwitansiFileError(messages.kwitansi.tooLarge);
  const resizedNote =
    result === file
      ? `Ukuran gambar ${formatFileSizeMb(file.size)} sudah optimal, tidak perlu dikompres`
      : `Gambar dikompres dari ${formatFileSizeMb(file.size)} menjadi ${formatFileSizeMb(result.size)}`;
  return { file: result, originalSize: file.size, resizedNote };
}
