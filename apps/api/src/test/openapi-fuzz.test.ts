/**
 * Bad input on every route (issue 11): walks the OpenAPI document and, for every route and
 * parameter, sends generated invalid and edge inputs (fast-check). Every refusal must be a 4xx in
 * the envelope `{ success: false, message }` with an Indonesian message and no stack trace; no
 * answer may be a 5xx; and nothing in the database or the receipt folder may change.
 *
 * Routes that create, change or delete on valid input only receive input that is invalid
 * (a property of the wrong type, a malformed body, an unsupported content type, a bad id), so
 * "nothing changed" holds. Read-only routes also receive edge values (SQL and HTML fragments,
 * unicode) that may be valid: those may answer 2xx but never 5xx.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { z } from 'zod';
import { pinjamanUpdateSchema } from '@mizan/core';
import { createTestApp } from './test-app';
import { loanFormFields, nasabahPayload, paymentPayload } from './populate';
import { kwitansiDir } from '../lib/file-storage';

type Json = unknown;
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  maxLength?: number;
}
interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, unknown>;
}
interface Route {
  method: string;
  path: string;
  op: Operation;
}

/** One generated request; `strict` = must be a 4xx (invalid input), else any non-5xx answer. */
interface Case {
  kind: string;
  strict: boolean;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  token?: string | null;
}

// ---------------------------------------------------------------------------------------------
// The app, populated so that valid ids exist
// ---------------------------------------------------------------------------------------------
const t = await createTestApp();
afterAll(async () => {
  await t.close();
});

async function mustCreate(url: string, payload: Record<string, unknown>) {
  const res = await t.request({ method: 'POST', url, payload });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number };
}
const operator = await t.createUser({ username: 'operator1', password: 'rahasia-operator-1', role: 'operator' });
const nasabah = await mustCreate('/api/nasabah', nasabahPayload({ telepon: '0812-3456-7890', alamat: 'Jl. Mawar No. 5' }));
const loan = await mustCreate('/api/pinjaman', loanFormFields(nasabah.id, { urutan_pinjaman: 1 }));
const payment = await mustCreate('/api/pembayaran', paymentPayload(loan.id));
const recipient = await mustCreate('/api/wa-notification-recipients', {
  name: 'Pak Ahmad',
  phone_number: '081234567890',
  status: 'active',
});
/** Existing ids per path-parameter name (valid ids, sent only together with an invalid body). */
const existingIds: Record<string, number[]> = {
  id: [nasabah.id, loan.id, payment.id, recipient.id, operator.id],
  nasabahId: [nasabah.id],
};

const docRes = await t.request({ method: 'GET', url: '/api/openapi.json' });
const doc = docRes.json() as { paths: Record<string, Record<string, Operation>> };
const routes: Route[] = Object.entries(doc.paths).flatMap(([p, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path: p, op })),
);

// The loan write routes read multipart or JSON themselves (no body schema in the document):
// their properties come from the core schema.
const loanBodySchema = z.toJSONSchema(pinjamanUpdateSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
function bodySchema(route: Route): JsonSchema | null {
  const json = route.op.requestBody?.content['application/json']?.schema;
  if (json) return json;
  if (route.path.startsWith('/api/pinjaman') && (route.method === 'POST' || route.method === 'PUT')) return loanBodySchema;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------
const HUGE = 'x'.repeat(100_000);
const fragments = [
  "' OR 1=1 --",
  "'; DROP TABLE nasabah; --",
  '1; SELECT pg_sleep(5)',
  "%' AND '%'='",
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}',
  '${process.exit()}',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'a\u0000b',
  '\u0000',
  '\uFEFF\u202E\u200B',
  '💰🕌',
  'Ǎ̴̢̛͙̯͇̠̩',
  '\uD800',
  '   ',
  '',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
];
const numberEdges = [0, -1, -0.5, 0.5, 1.5, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, 2_147_483_648, 99_999_999_999, 1e308];
const invalidIds = [
  '0',
  '-1',
  '99999999999',
  'abc',
  '1.5',
  '1e3',
  '-0',
  'NaN',
  '%00',
  '%F0%9F%92%B0',
  "1'%20OR%201=1",
  '%3Cscript%3E',
  '2147483648',
];
const missingIds = ['2147483647', '1999999'];

/** Any text: fragments, random unicode (incl. NUL and astral planes), or a 100k-character string. */
const anyText = fc.oneof(
  { arbitrary: fc.constantFrom(...fragments), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.constantFrom(HUGE, '💰'.repeat(30_000), `${'a'.repeat(99_999)}\u0000`), weight: 1 },
);
/** Any JSON value, mostly scalars. */
const anyJson: fc.Arbitrary<Json> = fc.oneof(
  anyText,
  fc.constantFrom(...numberEdges),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.string()), { maxKeys: 3 }),
);

function schemaTypes(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  if (schema.anyOf) return schema.anyOf.flatMap(schemaTypes);
  if (schema.enum) return ['enum'];
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

/**
 * A value no field accepts, whatever its type: objects, arrays and booleans are refused by every
 * text, number, date and enum field; (the only boolean field gets a non-boolean). Plus wrong
 * types chosen from the declared type: non-numeric text for numbers, numbers for texts, unknown
 * values for enums.
 */
function invalidFor(schema: JsonSchema | undefined): fc.Arbitrary<Json> {
  const types = schemaTypes(schema);
  const universal: fc.Arbitrary<Json>[] = [
    fc.dictionary(fc.string({ maxLength: 5 }), anyText, { minKeys: 1, maxKeys: 2 }),
    fc.array(anyJson, { minLength: 1, maxLength: 3 }),
  ];
  if (types.includes('boolean')) return fc.oneof(...universal, fc.constantFrom('true', 'ya', 1, 0, HUGE));
  const specific: fc.Arbitrary<Json>[] = [fc.boolean()];
  if (types.includes('number') || types.includes('integer')) {
    specific.push(fc.constantFrom('abc', "1' OR 1=1", '<b>1</b>', '1e3', '12abc', '١٢', 'Infinity', HUGE, '1 000'));
  }
  if (types.includes('string') && !types.includes('number')) specific.push(fc.constantFrom(1, -1, 0.5, 1e21));
  if (types.includes('enum')) specific.push(fc.constantFrom('ALL_ROLES', "admin' --", '<script>', 'Aktif ', HUGE, '\u0000'));
  if (schema?.maxLength !== undefined) specific.push(fc.constant('y'.repeat(Math.max(schema.maxLength + 1, 100_000))));
  return fc.oneof(...universal, ...specific);
}

/** A JSON object with at least one property of a wrong type, plus edge values and unknown fields. */
function invalidObject(schema: JsonSchema): fc.Arbitrary<{ body: Record<string, Json>; target: string }> {
  const props = Object.entries(schema.properties ?? {});
  if (props.length === 0) return fc.constant({ body: { unexpected: 'field' }, target: '(none)' });
  return fc
    .record({
      index: fc.nat({ max: props.length - 1 }),
      others: fc.dictionary(fc.constantFrom(...props.map(([k]) => k)), anyJson, { maxKeys: props.length }),
      unknown: fc.dictionary(fc.constantFrom('id', 'role', 'deleted_at', 'success', '__proto__', 'is_admin', 'x'), anyJson, {
        maxKeys: 3,
      }),
    })
    .chain(({ index, others, unknown }) => {
      const [name, prop] = props[index]!;
      return invalidFor(prop).map((bad) => ({ body: { ...unknown, ...others, [name]: bad }, target: name }));
    });
}

const malformedJson = [
  '{',
  '{"a":',
  "{'nama':'x'}",
  '{"nama": "x",}',
  '[1,]',
  'undefined',
  '\u0000',
  '{"nama":"\\u0000"',
  `{"nama":"${'z'.repeat(100_000)}`,
  '{"a":1}{"b":2}',
  '\uFEFF{"a":',
  'NaN',
];
const wrongTypes = ['application/xml', 'application/x-www-form-urlencoded', 'application/octet-stream', 'image/png', 'text/html'];

function fillPath(route: Route, values: Record<string, string>) {
  return route.path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? '1');
}
const pathParams = (route: Route) => (route.op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
const queryParams = (route: Route) => (route.op.parameters ?? []).filter((p) => p.in === 'query');

/** Path values: bad ids (always refused), ids that do not exist, and (for writes with a bad body) real ids. */
function pathArb(route: Route, allowExisting: boolean): fc.Arbitrary<{ url: string; badPath: boolean }> {
  const names = pathParams(route);
  if (names.length === 0) return fc.constant({ url: route.path, badPath: false });
  const one = (name: string) =>
    fc.oneof(
      fc.constantFrom(...invalidIds).map((v) => ({ v, bad: true })),
      fc.constantFrom(...missingIds).map((v) => ({ v, bad: false })),
      ...(allowExisting ? [fc.constantFrom(...(existingIds[name] ?? [1])).map((v) => ({ v: String(v), bad: false }))] : []),
    );
  return fc.tuple(...names.map(one)).map((values) => ({
    url: fillPath(route, Object.fromEntries(names.map((n, i) => [n, values[i]!.v]))),
    badPath: values.some((v) => v.bad),
  }));
}

/** Query strings: one parameter wrong (strict) or all parameters edge values (lenient). */
function queryArb(route: Route): fc.Arbitrary<{ query: string; strict: boolean }> {
  const params = queryParams(route);
  const invalidQueryValue = (schema: JsonSchema | undefined) => {
    const types = schemaTypes(schema);
    if (types.includes('number') || types.includes('integer')) {
      return fc.constantFrom('abc', '-1', '0', '1.5', '99999999999999999999', '1e3', "1' OR '1'='1", '<b>', HUGE, 'a\u0000');
    }
    if (types.includes('enum')) return fc.constantFrom('bogus', "asc'; --", '<script>', HUGE, 'a\u0000', 'ascending');
    return fc.constantFrom(HUGE, 'x'.repeat(101), 'a\u0000b', '\u0000');
  };
  const invalid = params.length
    ? fc
        .record({ index: fc.nat({ max: params.length - 1 }), bad: fc.constant(null) })
        .chain(({ index }) =>
          invalidQueryValue(params[index]!.schema).map((v) => new URLSearchParams({ [params[index]!.name]: v }).toString()),
        )
        .map((query) => ({ query, strict: true }))
    : null;
  const edge = fc
    .record({
      values: fc.dictionary(
        fc.constantFrom(...params.map((p) => p.name), 'unknown', 'sortBy', '__proto__'),
        fc.oneof(anyText, fc.constantFrom(...numberEdges).map(String)),
        {
          maxKeys: 4,
        },
      ),
      repeat: fc.boolean(),
    })
    .map(({ values, repeat }) => {
      const search = new URLSearchParams(Object.entries(values).map(([k, v]): [string, string] => [k, String(v)]));
      if (repeat && params[0]) search.append(params[0].name, 'duplicate');
      return { query: search.toString(), strict: false };
    });
  return invalid ? fc.oneof(invalid, edge) : edge;
}

const json = (body: Json) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** Every case family that applies to a route. */
function caseArb(route: Route): fc.Arbitrary<Case> {
  const reads = route.method === 'GET';
  const schema = bodySchema(route);
  const families: fc.Arbitrary<Case>[] = [];
  if (reads) {
    families.push(
      fc.tuple(pathArb(route, true), queryArb(route)).map(([p, q]) => ({
        kind: p.badPath ? 'bad id' : q.strict ? 'bad query' : 'edge query',
        strict: p.badPath || q.strict,
        url: q.query ? `${p.url}?${q.query}` : p.url,
      })),
    );
    return fc.oneof(...families);
  }
  // Writes: only input that is certain to be refused.
  families.push(
    fc.tuple(pathArb(route, true), fc.constantFrom(...malformedJson)).map(([p, text]) => ({
      kind: 'malformed JSON',
      strict: true,
      url: p.url,
      payload: text,
      headers: { 'content-type': 'application/json' },
    })),
    fc.tuple(pathArb(route, true), fc.constantFrom(...wrongTypes), anyText).map(([p, type, text]) => ({
      kind: 'wrong content type',
      strict: true,
      url: p.url,
      payload: text,
      headers: { 'content-type': type },
    })),
  );
  if (pathParams(route).length > 0) {
    families.push(
      pathArb(route, false)
        .filter((p) => p.badPath)
        .map((p) => ({ kind: 'bad id', strict: true, url: p.url })),
    );
  }
  if (schema) {
    families.push(
      fc.tuple(pathArb(route, true), invalidObject(schema)).map(([p, b]) => ({
        kind: 'wrong-typed field',
        strict: true,
        url: p.url,
        ...json(b.body),
      })),
      fc
        .tuple(
          pathArb(route, true),
          fc.oneof(fc.array(anyJson, { maxLength: 3 }), anyText, fc.integer(), fc.boolean(), fc.constant(null)),
        )
        .map(([p, body]) => ({ kind: 'non-object body', strict: true, url: p.url, ...json(body) })),
      fc.tuple(pathArb(route, true), anyText).map(([p, text]) => ({
        kind: 'text/plain body',
        strict: true,
        url: p.url,
        payload: text,
        headers: { 'content-type': 'text/plain' },
      })),
    );
  }
  if (schema === loanBodySchema) {
    // The loan writes also read multipart/form-data.
    families.push(
      fc.tuple(pathArb(route, true), invalidObject(schema), fc.boolean()).map(([p, b, brokenBoundary]) => {
        const boundary = 'fuzzboundary';
        const parts = Object.entries(b.body).map(
          ([k, v]) =>
            `--${boundary}\r\ncontent-disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`,
        );
        const text = brokenBoundary ? `--other\r\n${parts.join('')}` : `${parts.join('')}--${boundary}--\r\n`;
        return {
          kind: brokenBoundary ? 'broken multipart' : 'multipart wrong field',
          strict: true,
          url: p.url,
          payload: text,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        };
      }),
    );
  }
  return fc.oneof(...families);
}

/** Fixed cases every route gets, whatever fast-check draws. */
function fixedCases(route: Route): Case[] {
  const cases: Case[] = [];
  for (const name of pathParams(route)) {
    for (const id of invalidIds) cases.push({ kind: 'bad id', strict: true, url: fillPath(route, { [name]: id }) });
  }
  if (route.method === 'GET') {
    for (const raw of ['%', '%E0%A4%A', 'a=%00', '[]=1', 'page[a]=1', 'limit=1&limit=2&limit=3']) {
      cases.push({ kind: 'raw query', strict: false, url: `${fillPath(route, {})}?${raw}` });
    }
  } else {
    /** A body of `contentType` sent to the route as it is. */
    const rawBody = (kind: string, payload: string, contentType: string): Case => ({
      kind,
      strict: true,
      url: fillPath(route, {}),
      payload,
      headers: { 'content-type': contentType },
    });
    cases.push(rawBody('malformed JSON', '{', 'application/json'));
    cases.push(rawBody('wrong content type', 'x', 'application/xml'));
    if (bodySchema(route)) {
      // An empty body where one is needed, and a body just over the 1 MB limit.
      cases.push(rawBody('empty body', '', 'application/json'));
      cases.push({ kind: 'too large', strict: true, url: fillPath(route, {}), ...json({ x: 'y'.repeat(1024 * 1024 + 10) }) });
    }
    if (bodySchema(route) === loanBodySchema) {
      // A multipart upload cut off before its closing boundary (was a 500).
      const multipart = 'multipart/form-data; boundary=b';
      cases.push(rawBody('broken multipart', '--b\r\ncontent-disposition: form-data; name="jumlah"\r\n\r\n1', multipart));
      cases.push(rawBody('broken multipart', 'garbage', multipart));
    }
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------
const STACK = /\bat .+:\d+:\d+|node_modules|\.ts:\d+|\.js:\d+|Error:/;
/** English words that must not appear in a message meant for Indonesian staff. */
const ENGLISH =
  /\b(must|should|cannot|Unexpected|expected|Invalid|invalid|Bad Request|Unsupported|Not Found|Internal|body\/|querystring\/|params\/)\b/;

async function send(route: Route, c: Case) {
  const res = await t.request({
    method: route.method as 'GET',
    url: c.url,
    ...(c.headers ? { headers: c.headers } : {}),
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
    token: c.token,
  });
  const context = `${route.method} ${c.url.slice(0, 200)} [${c.kind}] → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  if (c.strict) expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
  if (res.statusCode >= 400) {
    let body: { success?: unknown; message?: unknown };
    try {
      body = res.json();
    } catch {
      throw new Error(`not JSON: ${context}`);
    }
    expect(body.success, context).toBe(false);
    expect(typeof body.message === 'string' && body.message.trim().length > 0, context).toBe(true);
    expect(String(body.message), context).not.toMatch(ENGLISH);
    expect(res.body, context).not.toMatch(STACK);
    // The document says every refusal a route gives (issue 54: generated from its declaration).
    expect(Object.keys(route.op.responses ?? {}), `undocumented ${context}`).toContain(String(res.statusCode));
  }
  return res.statusCode;
}

/** Every row of every table (and the receipt folder): compared before and after each route. */
async function snapshot() {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(t.app.db);
  const out: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    // A receipt's print count is the one record a GET keeps (issue 25: every PDF produced is a
    // print, the second on a SALINAN), like a log line: the numbers themselves must not move.
    const columns = table_name === 'kwitansi_pembayaran' ? sql`pembayaran_id, tahun, urut` : sql`*`;
    const rows = await sql<Record<string, unknown>>`select ${columns} from ${sql.table(table_name)} order by 1`.execute(t.app.db);
    out[table_name] = JSON.stringify(rows.rows);
  }
  const dir = kwitansiDir(t.config.dataDir);
  out['(files)'] = fs.existsSync(dir) ? JSON.stringify(fs.readdirSync(dir, { recursive: true }).map(String).sort()) : '[]';
  return out;
}

// ---------------------------------------------------------------------------------------------
// The walk
// ---------------------------------------------------------------------------------------------
const NUM_RUNS = Number(process.env.MIZAN_FUZZ_RUNS ?? 25);
const summary: { route: string; requests: number; '4xx': number; '2xx': number; kinds: string }[] = [];

afterAll(() => {
  console.log(`OpenAPI fuzz: ${summary.reduce((n, r) => n + r.requests, 0)} requests over ${summary.length} routes`);
  console.table(summary);
});

describe('every route of the OpenAPI document refuses bad input cleanly', () => {
  it('documents the routes the walk covers', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(docRes.statusCode).toBe(200);
  });

  for (const route of routes) {
    it(`${route.method} ${route.path}`, { timeout: 60_000 }, async () => {
      const before = await snapshot();
      const stats = { requests: 0, '4xx': 0, '2xx': 0, kinds: new Set<string>() };
      const tally = async (c: Case) => {
        const status = await send(route, c);
        stats.requests++;
        stats.kinds.add(c.kind);
        if (status >= 400) stats['4xx']++;
        else stats['2xx']++;
      };
      for (const c of fixedCases(route)) await tally(c);
      try {
        await fc.assert(
          fc.asyncProperty(caseArb(route), async (c) => {
            await tally(c);
          }),
          { numRuns: NUM_RUNS, endOnFailure: true },
        );
      } catch (error) {
        // Counterexamples may hold 100k-character strings: keep the report readable.
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(message.replace(/(.)\1{200,}/g, (run, ch: string) => `${ch.repeat(20)}…(${run.length}×)`).slice(0, 4000));
      }
      const after = await snapshot();
      for (const table of Object.keys(before))
        expect(after[table], `${table} changed by ${route.method} ${route.path}`).toBe(before[table]);
      summary.push({
        route: `${route.method} ${route.path}`,
        requests: stats.requests,
        '4xx': stats['4xx'],
        '2xx': stats['2xx'],
        kinds: [...stats.kinds].join(', '),
      });
    });
  }
});
