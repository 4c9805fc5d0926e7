import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
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

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The failure envelope as the document writes schemas (converted once, the way the routes' own are). */
let failureJson: unknown;
function failureSchemaOf(input: TransformInput) {
  failureJson ??= (
    jsonSchemaTransform({ ...input, schema: { response: { 400: apiFailureSchema } } }).schema as {
      response: Record<string, unknown>;
    }
  ).response[400];
  return failureJson;
}

/**
 * The OpenAPI transform (issue 54): the zod schemas as JSON schemas, then the route's error
 * responses, each the envelope's failure schema from core as `application/json` whatever the route
 * produces on success (a CSV export refuses in JSON). The statuses come from the route's declaration
 * (`lib/route.ts` `errorStatusesOf`); the routes' serializers never see them.
 */
export function openApiTransform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const errors = input.route.config?.errors;
  if (!errors || !out.schema) return out;
  const schema = out.schema as FastifySchema & { response?: Record<string, unknown>; produces?: string[] };
  typeNullables(schema);
  const response: Record<string, unknown> = { ...schema.response };
  // A file (an export, a PDF, a backup) is the answer of a route that produces one.
  if (schema.produces && !Object.keys(response).some((status) => status.startsWith('2')))
    response[200] = {
      description: 'Berkas',
      content: Object.fromEntries(schema.produces.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    };
  for (const status of errors)
    response[status] ??= {
      description: errorDescriptions[status],
      content: { 'application/json': { schema: failureSchemaOf(input) } },
    };
  return { ...out, schema: { ...schema, response } };
}

/**
 * OpenAPI 3.0 allows `nullable` only beside a `type`: a nullable union whose members are all of
 * one type (a nullable choice of objects) says that type. Walks the converted schemas in place.
 */
function typeNullables(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const schema = node as { nullable?: boolean; type?: unknown; anyOf?: { type?: unknown }[]; oneOf?: { type?: unknown }[] };
  const members = schema.anyOf ?? schema.oneOf;
  if (schema.nullable && schema.type === undefined && members) {
    const types = new Set(members.map((member) => member.type));
    if (types.size === 1 && typeof [...types][0] === 'string') schema.type = [...types][0];
  }
  Object.values(node).forEach(typeNullables);
}
