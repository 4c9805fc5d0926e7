import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';

/** A refusal's body: the failure envelope with one error per field. */
interface RefusalBody {
  success: boolean;
  message: string;
  errors: { path: string; msg: string }[];
}

/**
 * Asserts a 400 validation refusal that names at least these fields with these messages
 * (`{ path: msg }`), whatever else it names; returns its body for what the test checks further.
 */
export function expectFieldErrors(res: LightMyRequestResponse, errors: Record<string, string>): RefusalBody {
  expect(res.statusCode).toBe(400);
  const body = res.json<RefusalBody>();
  expect(body.errors).toEqual(expect.arrayContaining(Object.entries(errors).map(([path, msg]) => ({ path, msg }))));
  return body;
}

/** Asserts a 400 validation refusal that names exactly one field error: `path`, with `msg`. */
export function expectFieldError(res: LightMyRequestResponse, path: string, msg: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json<RefusalBody>().errors).toEqual([{ path, msg }]);
}

/** A bad list query, the field it is refused on, and the message. */
export type QueryRefusal = readonly [query: string, path: string, msg: string];

/** The paging parameters every list refuses: each list's table of bad queries starts with these. */
export const pagingRefusals: readonly QueryRefusal[] = [
  ['limit=1001', 'limit', 'Limit maksimal 1000'],
  ['limit=0', 'limit', 'Limit minimal 1'],
  ['limit=abc', 'limit', 'Limit harus berupa bilangan bulat'],
  ['page=0', 'page', 'Halaman minimal 1'],
  ['page=1.5', 'page', 'Halaman harus berupa bilangan bulat'],
];
