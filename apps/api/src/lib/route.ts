import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../plugins/auth';
import { claimIdempotencyKey, idempotencyHeaders } from './idempotency';

/** The error statuses a route may document beside the ones its kind answers anyway (see `errorStatusesOf`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

/**
 * One route's declaration (issue 54): its stable `operationId` (`id`), one-line summary, the zod
 * schemas the type provider validates and infers from, and what it needs besides. The OpenAPI
 * document's tag, operationId and error responses are generated from it, so they cannot drift.
 */
export interface RouteSpec extends FastifySchema {
  /** The operationId: camelCase, unique over the API (e.g. `listNasabah`, `createPembayaran`). */
  id: string;
  summary: string;
  description?: string;
  consumes?: string[];
  produces?: string[];
  /** Only administrators (preHandler `requireAdmin`; 403 documented). */
  admin?: true;
  /** Answered without a session (no 401 documented; `security: []` in the document). */
  open?: true;
  /** Statuses this route answers beyond its kind's (403 of a role check in the service, 409, 413, 415, 422, 429, 503). */
  errors?: readonly ErrorStatus[];
  preHandler?: preHandlerAsyncHookHandler;
  /**
   * Accepts an `Idempotency-Key` (issue 51, lib/idempotency.ts): a repeat answers the first answer;
   * 409 while the first still runs, 422 for the key with another body.
   */
  idempotent?: true;
  bodyLimit?: number;
  hide?: true;
}

type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Declare = <S extends RouteSpec>(url: string, spec: S, handler: Handler<S>) => void;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The error statuses the route answers, for the OpenAPI document (`lib/route-docs.ts`). */
    errors?: ErrorStatus[];
  }
}

/**
 * Every error status a route answers, in order: 400 when it reads params, query or a body; 413 and
 * 415 when it reads a body (every method but GET); 401
 * unless it is open; 403 for administrators only; 404 when its path names a record; what it
 * declares; and 500, which any route may answer.
 */
export function errorStatusesOf(method: Method, url: string, spec: RouteSpec): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(spec.errors ?? []);
  const readsBody = method !== 'GET';
  if (spec.params || spec.querystring || readsBody) statuses.add(400);
  // Fastify reads the body of every method but GET, whatever the route declares: malformed (400),
  // too large (413) or of a type it does not read (415).
  if (readsBody) for (const status of [413, 415] as const) statuses.add(status);
  if (!spec.open) statuses.add(401);
  if (spec.admin) statuses.add(403);
  if (url.includes('/:')) statuses.add(404);
  if (spec.idempotent) for (const status of [409, 422] as const) statuses.add(status);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}

/** What every route of a module shares: `{ admin: true }` for a module only administrators use. */
export interface ModuleDefaults {
  admin?: true;
}

/**
 * The preHandlers of a route, in order: the administrator check first (a refused request runs
 * nothing of the route's own), then the route's own, then the claim of its idempotency key (last:
 * a request refused before it claims nothing).
 */
export function preHandlersOf(spec: Pick<RouteSpec, 'admin' | 'preHandler' | 'idempotent'>): preHandlerAsyncHookHandler[] {
  return [
    ...(spec.admin ? [requireAdmin] : []),
    ...(spec.preHandler ? [spec.preHandler] : []),
    ...(spec.idempotent ? [claimIdempotencyKey] : []),
  ];
}

/**
 * The route declarations of one module, all under its OpenAPI `tag`:
 * `const route = routesOf(app, 'nasabah'); route.get('/nasabah/:id', { id: 'getNasabah', summary, params, response }, handler)`.
 * `defaults` apply to every route of the module (`routesOf(app, 'users', { admin: true })`), so a
 * route added later cannot forget them.
 */
export function routesOf(app: FastifyInstance, tag: string, defaults: ModuleDefaults = {}) {
  const declare =
    (method: Method): Declare =>
    (url, declared, handler) => {
      const spec = { ...defaults, ...declared };
      const { id, admin, open, errors, preHandler, idempotent, bodyLimit, hide, ...schema } = spec;
      void errors;
      void admin;
      void preHandler;
      const preHandlers = preHandlersOf(spec);
      app.route({
        method,
        url,
        schema: {
          ...schema,
          ...(idempotent ? { headers: idempotencyHeaders } : {}),
          tags: [tag],
          operationId: id,
          ...(open ? { security: [] } : {}),
          ...(hide ? { hide } : {}),
        },
        config: { errors: errorStatusesOf(method, url, spec) },
        ...(preHandlers.length > 0 ? { preHandler: preHandlers } : {}),
        ...(bodyLimit ? { bodyLimit } : {}),
        handler: handler as RouteHandlerMethod,
      });
    };
  return { get: declare('GET'), post: declare('POST'), put: declare('PUT'), patch: declare('PATCH'), delete: declare('DELETE') };
}
