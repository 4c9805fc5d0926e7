/**
 * The OpenAPI document as client generators read it (issue 54): every operation has a unique
 * camelCase operationId, one tag and a summary, and documents the errors it answers with the
 * failure envelope from core, generated from the route declarations (`lib/route.ts`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test-app';
import { errorStatusesOf } from '../lib/route';

interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, { description?: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
}

const t = await createTestApp();
afterAll(async () => {
  await t.close();
});

const doc = (await t.request({ method: 'GET', url: '/api/openapi.json', token: null })).json() as {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, op })),
);
const byId = (id: string) => operations.find((o) => o.op.operationId === id)?.op;

describe('OpenAPI document', () => {
  it('names every operation once, in camelCase, with one tag and a summary', () => {
    expect(operations.length).toBeGreaterThan(100);
    const unnamed = operations.filter((o) => !/^[a-z][A-Za-z0-9]+$/.test(o.op.operationId ?? '')).map((o) => o.key);
    expect(unnamed).toEqual([]);
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(operations.filter((o) => o.op.tags?.length !== 1 || !o.op.summary?.trim()).map((o) => o.key)).toEqual([]);
  });

  it('documents the errors of every operation with the failure envelope', () => {
    const missing: string[] = [];
    for (const { key, path, op } of operations) {
      const open = op.security?.length === 0;
      const wanted = ['500', ...(open ? [] : ['401']), ...(path.includes('{') ? ['404'] : [])];
      for (const status of wanted) if (!op.responses[status]) missing.push(`${key} ${status}`);
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const schema = response.content?.['application/json']?.schema as
          | { properties?: { success?: { enum?: unknown[] }; message?: unknown; errors?: unknown }; required?: string[] }
          | undefined;
        if (schema?.properties?.success?.enum?.[0] !== false || !schema.required?.includes('message'))
          missing.push(`${key} ${status}: not the failure envelope`);
        if (!response.description?.trim()) missing.push(`${key} ${status}: no description`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('documents what a route answers in practice', async () => {
    const notFound = await t.request({ method: 'GET', url: '/api/nasabah/999999' });
    expect(notFound.statusCode).toBe(404);
    expect(byId('getNasabah')?.responses['404']).toBeDefined();
    const invalid = await t.request({ method: 'POST', url: '/api/nasabah', payload: {} });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.length).toBeGreaterThan(0);
    const documented = byId('createNasabah')?.responses['400']?.content?.['application/json']?.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(documented.properties)).toEqual(['success', 'message', 'errors']);
    const anonymous = await t.request({ method: 'GET', url: '/api/nasabah', token: null });
    expect(anonymous.statusCode).toBe(401);
    expect(byId('listNasabah')?.responses['401']).toBeDefined();
  });

  it('gives client generators a relative server', () => {
    expect(doc.servers).toEqual([{ url: '/' }]);
  });
});

describe('errorStatusesOf', () => {
  it('derives the statuses from what the route reads and who may call it', () => {
    expect(errorStatusesOf('GET', '/api/x', { id: 'x', summary: 'x' })).toEqual([401, 500]);
    expect(errorStatusesOf('GET', '/api/x', { id: 'x', summary: 'x', open: true })).toEqual([500]);
    expect(errorStatusesOf('DELETE', '/api/x', { id: 'x', summary: 'x' })).toEqual([400, 401, 413, 415, 500]);
    expect(errorStatusesOf('GET', '/api/x/:id', { id: 'x', summary: 'x', params: {} })).toEqual([400, 401, 404, 500]);
    expect(errorStatusesOf('POST', '/api/x', { id: 'x', summary: 'x', admin: true, body: {}, errors: [409, 403] })).toEqual([
      400, 401, 403, 409, 413, 415, 500,
    ]);
  });
});
