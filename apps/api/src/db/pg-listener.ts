import pg from 'pg';

export interface ListenHandlers {
  /** A notification arrived on the channel. */
  onNotify(): void;
  /**
   * The listening connection is up (true: LISTEN is in force, notifications will arrive) or lost
   * (false: until it is back, notifications may be missed, so nothing may be remembered on their
   * strength). After a loss, true comes only once LISTEN is in force again.
   */
  onLive(live: boolean): void;
}

/**
 * Listens on a PostgreSQL channel through a connection of its own (a pool's connections are
 * shared by queries and cannot hold a LISTEN). A lost connection is reported and opened again,
 * after 1 s, then doubling up to 30 s. Returns the function that stops listening.
 */
export async function listenPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 1000;
  let timer: NodeJS.Timeout | null = null;

  const lost = (failed: pg.Client) => {
    if (client !== failed) return;
    client = null;
    handlers.onLive(false);
    failed.end().catch(() => {});
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify();
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (client !== next) return;
      retryMs = 1000;
      handlers.onLive(true);
    } catch {
      lost(next);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const last = client;
    client = null;
    handlers.onLive(false);
    await last?.end().catch(() => {});
  };
}
