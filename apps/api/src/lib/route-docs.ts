import type { FastifySchema } from 'fastify';
import { apiFailureSchema } from '@mizan/core';
import type { ErrorStatus } from './route';

/** What each error status means to a client, in the language of the summaries. */
export const errorDescriptions: Record<ErrorStatus, string> = {
  400: 'Masukan tidak valid (daftar kesalahan per kolom di `errors`)',
  401: 'Sesi tidak valid atau sudah berakhir',
  403: 'Peran pengguna tidak diizinkan',
  404: 'Data tidak ditemukan',
  409: 'Bertentangan dengan keadaan data saat ini',
  413: 'File atau data terlalu besar',
  415: 'Jenis file atau konten tidak didukung',
  422: 'Permintaan dipahami tetapi tidak dapat diproses',
  429: 'Terlalu banyak permintaan',
  500: 'Kesalahan pada server',
  503: 'Layanan sedang tidak tersedia',
};

/**
 * The route's schema for the OpenAPI document with its error responses added (issue 54), each the
 * envelope's failure schema from core. Only the document reads this: the routes' serializers keep
 * their declared success responses.
 */
export function withErrorResponses<S extends FastifySchema>(schema: S, config: { errors?: ErrorStatus[] } | undefined): S {
  const errors = config?.errors;
  if (!schema || !errors) return schema;
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const status of errors) response[status] ??= apiFailureSchema.describe(errorDescriptions[status]);
  return { ...schema, response };
}
