/**
 * A queue of turns of the event loop: each call resolves in a turn of its own (a `setImmediate`),
 * in the order of the calls, so work that follows the `await` runs one piece per turn and timers,
 * socket reads and other requests get the loop between the pieces. Used where one piece of work
 * holds the thread for milliseconds: a PGlite statement (db/database.ts) and the decoding and
 * writing of a large list page (db/json-rows.ts).
 */
export function createTurnQueue(): () => Promise<void> {
  let lastTurn = Promise.resolve();
  return () => (lastTurn = lastTurn.then(() => new Promise<void>((resolve) => setImmediate(resolve))));
}
