import { createRoundLoop } from '../rounds';
import type { WaGateway } from './types';

/**
 * The loop shared by the senders of waiting messages (notifications: dispatcher.ts; reminders:
 * modules/pengingat): the rounds of lib/rounds.ts, active only while the session is READY, and a
 * round when the session becomes READY. `drain` sends until nothing may go; it reads `active()` to
 * stop early when the sender is closed or the session is no longer READY.
 */
export function createRounds(options: {
  gateway: WaGateway;
  drain: (active: () => boolean) => Promise<void>;
  pollMs: number;
  onError?: (error: unknown) => void;
  /** At close, before waiting for the round in progress (wakes a round that is pausing). */
  onClose?: () => void;
}) {
  const { gateway } = options;
  let offStatus = () => {};
  const rounds = createRoundLoop({
    drain: options.drain,
    pollMs: options.pollMs,
    isActive: () => gateway.snapshot().status === 'READY',
    ...(options.onError ? { onError: options.onError } : {}),
    onClose: () => {
      offStatus();
      options.onClose?.();
    },
  });
  offStatus = gateway.on('status', (snapshot) => {
    if (snapshot.status === 'READY') void rounds.kick();
  });
  return rounds;
}
