/**
 * A worker's loop of rounds, one at a time per process: `kick` runs a round now (a kick during a
 * round asks for one more after it), `start` runs one and then one every `pollMs` without being
 * told (another process wrote rows, a retry came due), `close` stops and waits for the round in
 * progress. `drain` does the round's work; it reads `active()` to stop early once closed. Used by
 * the WhatsApp senders (lib/whatsapp/rounds.ts) and the reactions to committed money events
 * (modules/reactions).
 */
export function createRoundLoop(options: {
  drain: (active: () => boolean) => Promise<void>;
  pollMs: number;
  /** A further condition for `active()` (the WhatsApp senders: the session is READY). */
  isActive?: () => boolean;
  /** Before each polled round (not before kicked ones). */
  beforePoll?: () => void;
  /** After every round, failed or not. */
  afterRound?: () => void;
  onError?: (error: unknown) => void;
  /** At close, before waiting for the round in progress (wakes a round that is pausing). */
  onClose?: () => void;
}) {
  const { drain, pollMs } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const active = () => !stopped && (options.isActive?.() ?? true);

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
        options.afterRound?.();
        if (again && !stopped) {
          again = false;
          void kick();
        }
      });
    return running;
  };

  const poll = () => {
    timer = setTimeout(() => {
      options.beforePoll?.();
      void kick().finally(() => {
        if (!stopped) poll();
      });
    }, pollMs);
    timer.unref();
  };

  return {
    /** Runs a round now; resolves when this round is done. */
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
      if (timer) clearTimeout(timer);
      options.onClose?.();
      await running;
    },
  };
}
