import { KWITANSI_MAX_BYTES } from '@mizan/core';

/** Multipart limits: one receipt of 5 MB (+1 byte to notice an oversized one) and a handful of fields. */
export const multipartLimits = {
  fileSize: KWITANSI_MAX_BYTES + 1,
  files: 1,
  fields: 20,
  parts: 21,
  fieldSize: 16 * 1024,
  headerPairs: 100,
};

/** A multipart body that ends before its closing boundary or is otherwise malformed. */
export const MULTIPART_BROKEN = 'Data formulir tidak lengkap atau rusak. Silakan kirim ulang.';
