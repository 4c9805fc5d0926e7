/** Counts turns of the event loop (one `setImmediate` each) until stopped: for tests of lib/turns.ts users. */
export function startTurnCounter() {
  let turn = 0;
  let counting = true;
  const count = () => {
    turn += 1;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  return {
    get turn() {
      return turn;
    },
    stop() {
      counting = false;
    },
  };
}
