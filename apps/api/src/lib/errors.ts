import type { FieldError } from '@mizan/core';

/** A failure the client caused or must know about; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const validationFailed = (errors: FieldError[], message = 'Terdapat kesalahan validasi') =>
  new AppError(400, message, errors);
export const unauthorized = (message = 'Sesi tidak valid atau sudah berakhir. Silakan masuk kembali.') =>
  new AppError(401, message);
export const forbidden = (message = 'Anda tidak memiliki akses untuk tindakan ini') => new AppError(403, message);
export const notFound = (message = 'Data tidak ditemukan') => new AppError(404, message);
export const conflict = (message: string, errors?: FieldError[]) => new AppError(409, message, errors);
export const tooLarge = (message = 'Ukuran file maksimal 5MB') => new AppError(413, message);
export const unsupportedType = (message = 'Hanya file JPEG, PNG, dan PDF yang diperbolehkan') => new AppError(415, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
