import { todayJakarta } from '@mizan/core';

/**
 * Where the server reads the time. One instance per app (`app.clock`), so that tests can set the
 * day (Jakarta's midnight, a month end) for everything computed from it: days past due,
 * kolektibilitas, the daily job.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Today's date in Asia/Jakarta by this clock, `YYYY-MM-DD`. */
export const todayOf = (clock: Clock) => todayJakarta(clock.now());

/** A clock a test moves by hand. */
export function manualClock(start: Date): Clock & { set(at: Date): void } {
  let at = start;
  return {
    now: () => at,
    set(next) {
      at = next;
    },
  };
}
