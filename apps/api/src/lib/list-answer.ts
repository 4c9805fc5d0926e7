import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * From this page size a list answer goes through the snapshot cache (db/snapshot-cache.ts): reading,
 * shaping and writing such a page costs the server's thread far more than the cache's one tiny
 * statement (docs/performance.md).
 */
export const CACHED_PAGE_ROWS = 100;

/**
 * Whether a list answer is worth remembering: a large page, or a search (trigram index scans and,
 * the first time, an exact count of the matches: several times the check's cost). A plain page of
 * 10 rows costs little more than the check itself, so it is computed every time.
 */
export const isCachedListQuery = (query: { limit: number; search?: string }) =>
  query.limit >= CACHED_PAGE_ROWS || query.search !== undefined;

/**
 * Answers a list request: a cheap page as `answer()` gives it; a dear one (`isCachedListQuery`) as
 * the JSON text the route's own response serializer wrote for an earlier identical request (same
 * list, same parsed query) when nothing has been committed to the database since, else freshly
 * written and kept.
 */
export async function sendListAnswer<T>(
  app: FastifyInstance,
  reply: FastifyReply,
  list: string,
  query: { limit: number; search?: string },
  answer: () => Promise<T>,
): Promise<T | FastifyReply> {
  if (!isCachedListQuery(query)) return answer();
  return sendRememberedAnswer(app, reply, list, query, answer);
}

/**
 * Answers with the JSON text written for an earlier request of the same `list` with the same parsed
 * `query` when nothing has been committed since (the snapshot cache), else with `answer()` freshly
 * written and kept. For answers that always cost more than the cache's check (an aggregate over
 * many rows).
 */
export async function sendRememberedAnswer<T>(
  app: FastifyInstance,
  reply: FastifyReply,
  list: string,
  query: object,
  answer: () => Promise<T>,
): Promise<FastifyReply> {
  const text = await app.answers.get(`${list}\u0000${JSON.stringify(query)}`, async () => {
    const written = reply.serialize(await answer());
    return typeof written === 'string' ? written : Buffer.from(written as ArrayBuffer).toString('utf8');
  });
  return reply.type('application/json; charset=utf-8').send(text);
}
