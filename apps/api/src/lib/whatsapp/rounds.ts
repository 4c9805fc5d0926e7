import type { WaGateway } from './types';

/**
 * The loop shared by the senders of waiting messages (notifications: dispatcher.ts; reminders:
 * modules/pengingat): one round at a time per process (`kick` during a round asks for one more
 * after it), a round when the session becomes READY, and one every `pollMs` without being told
 * (another process wrote rows, a window opened). `drain` sends until nothing may go; it reads
 * `active()` to stop early when the sender is closed or the session is no longer READY.
 */
export function createRounds(options: {
  gateway: WaGateway;
  drain: (active: () => boolean) => Promise<void>;
  pollMs: number;
  onError?: (error: unknown) => void;
  /** At close, before waiting for the round in progress (wakes a round that is pausing). */
  onClose?: () => void;
}) {
  const { gateway, drain, pollMs } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const active = () => !stopped && gateway.snapshot().status === 'READY';

  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = drain(active)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void kick();
        }
      });
    return running;
  };

  const offStatus = gateway.on('status', (snapshot) => {
    if (snapshot.status === 'READY') void kick();
  });
  const poll = () => {
    timer = setTimeout(() => {
      void kick().finally(() => {
        if (!stopped) poll();
      });
    }, pollMs);
    timer.unref();
  };

  return {
    /** Sends what may go now; resolves when this round is done. */
    kick,
    start() {
      poll();
      void kick();
    },
    /** Resolves when no round is in progress (tests). */
    async idle() {
      while (running) await running;
    },
    async close() {
      stopped = true;
      offStatus();
      if (timer) clearTimeout(timer);
      options.onClose?.();
      await running;
    },
  };
}
