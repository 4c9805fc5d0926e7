import { storage } from './storage';

/**
 * The first screen's data, asked for as soon as the app's code runs (issue 28 C). On a cold load
 * the page's own code arrives in further files, and only then would it ask for its data: on a slow
 * phone line that is seconds of waiting in a row. Here the request starts at once, beside the
 * page's code, and the page's first `apiRequest` of the same address takes its answer.
 *
 * Each address must be exactly what the page asks for with its default filters (`?` absent in the
 * address bar); if it ever differs, the page simply asks again (e2e/nasabah.test.ts checks that a
 * cold load of /nasabah asks once).
 */
const FIRST_REQUESTS: Record<string, string[]> = {
  // features/nasabah/api/get-nasabah-list.ts with defaultNasabahFilters, and the summary cards.
  '/nasabah': ['/api/nasabah?page=1&limit=1000&sortBy=created_at&sortOrder=desc', '/api/nasabah/stats'],
};

/** An early answer older than this is not used (the page came much later: ask again). */
const MAX_AGE_MS = 10_000;

/** An answer of the API: its status and its body read as JSON (null when it is not JSON). */
export interface Answer {
  status: number;
  ok: boolean;
  payload: unknown;
}

/** Reads a response's body as JSON (null when it is not), keeping its status. */
export const readAnswer = async (response: Response): Promise<Answer> => ({
  status: response.status,
  ok: response.ok,
  payload: await response.json().catch(() => null),
});

const started = new Map<string, { answer: Promise<Answer>; at: number }>();
/** Set by the first call: src/early.ts and main.tsx both start the requests, and only one may. */
let begun = false;

/** The headers apiRequest sends with a GET (the answer must be the same either way). */
export const getHeaders = (token: string | null): Record<string, string> => ({
  'Cache-Control': 'no-cache',
  Accept: 'application/json',
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});

/** Starts the first screen's requests of a signed-in cold load of `location`. */
export function startEarlyRequests(location: Pick<Location, 'pathname' | 'search'>) {
  if (begun) return;
  begun = true;
  const token = storage.getToken();
  if (!token || location.search !== '') return;
  for (const url of FIRST_REQUESTS[location.pathname] ?? []) {
    // The body is read as soon as it arrives, while the app's code is still on its way: parsing
    // 1000 rows is ~50 ms of a slow phone's main thread that would otherwise come after it.
    const answer = fetch(url, { headers: getHeaders(token) }).then(readAnswer);
    answer.catch(() => {}); // the page's request reports a failure
    started.set(url, { answer, at: performance.now() });
  }
}

/** The early answer of `url`, once; null when none was started (or it is too old). */
export function takeEarlyAnswer(url: string): Promise<Answer> | null {
  const early = started.get(url);
  if (!early) return null;
  started.delete(url);
  return performance.now() - early.at <= MAX_AGE_MS ? early.answer : null;
}
