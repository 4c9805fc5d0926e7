import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Prepared SELECTs, for both databases: each distinct SELECT text the code sends becomes a named
 * statement, prepared once (per connection) and then only bound and run.
 *
 * Why: PostgreSQL plans every unnamed statement anew, and for a list page that planning costs more
 * than running it; a prepared statement is planned
 * for its first runs and then, when PostgreSQL judges a generic plan as good as the ones made for
 * the values, not at all (docs/performance.md). Kysely sends the same text for the same query
 * shape, so the statements are as many as the code's shapes; past MAX_PREPARED_TEXTS new texts
 * run unnamed. Only after the migrations (`enabled()`), which change the tables they read.
 */
const MAX_PREPARED_TEXTS = 1000;

/** SELECTs: Kysely's start with `select `, the `sql` templates of the repositories often with a line break first. */
const SELECT = /^\s*select\s/;
/** SELECTs and the writes (PostgreSQL: a write's parse and plan cost a round trip's worth too). */
const SELECT_OR_WRITE = /^\s*(select|insert|update|delete|with)\s/;

/** Names the texts worth preparing (`kinds`): `mizan_0`, `mizan_1`, …; undefined for the others. */
function statementNames(enabled: () => boolean, kinds = SELECT) {
  const names = new Map<string, string>();
  return (text: unknown): string | undefined => {
    if (typeof text !== 'string' || !kinds.test(text) || !enabled()) return undefined;
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED_TEXTS) names.set(text, (name = `mizan_${names.size}`));
    return name;
  };
}

/**
 * PostgreSQL: the pool's clients send SELECTs and writes as named statements; node-postgres
 * prepares each name once per connection. Connection poolers must keep prepared statements per client
 * (PgBouncer: session mode, or 1.21+ with max_prepared_statements).
 */
export function prepareSelects(pool: pg.Pool, enabled: () => boolean) {
  const nameOf = statementNames(enabled, SELECT_OR_WRITE);
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    Object.assign(client, {
      query: (...args: unknown[]) => {
        const [text, values] = args;
        const name = args.length === 2 ? nameOf(text) : undefined;
        return name === undefined ? query(...args) : query({ text, values, name });
      },
    });
  });
}

type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

/**
 * PGlite: returns `query(text, params, options, inTransaction)` that runs a SELECT as a named
 * statement and anything else through `client.query` / `tx.query` (`unnamed`).
 *
 * PGlite's own `query()` parses and plans every statement anew, in WebAssembly on this thread
 * (about half of a list page's time), and enters WebAssembly five times for it (Parse, Describe,
 * Bind, Describe, Execute, then Sync). Here a text is parsed and described once (its parameter
 * types choose the serializers, as PGlite's own `query()` does), and each run is one call:
 * Bind + Describe + Execute + Sync. It takes the same locks as PGlite's `query()`: the transaction
 * lock outside a transaction (inside one, its owner holds it) and the query lock, and syncs the
 * file system after a statement outside a transaction.
 */
export function preparedPgliteQuery(client: PGlite, enabled: () => boolean) {
  const nameOf = statementNames(enabled);
  const parameterTypes = new Map<string, number[]>();
  const { serialize } = protocol;

  const run = async (name: string, text: string, params: unknown[], options: QueryOptions, inTransaction: boolean) => {
    let types = parameterTypes.get(name);
    if (types === undefined) {
      const described = await client.execProtocol(
        join(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
        { syncToFs: false },
      );
      parameterTypes.set(name, (types = parse.parseDescribeStatementResults(described.messages)));
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = client.serializers[types[i]!];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await client.execProtocol(
      join(
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ),
      { syncToFs: !inTransaction },
    );
    return parse.parseResults(messages, client.parsers, options)[0]!;
  };

  return async (unnamed: Query, inTransaction: boolean, text: string, params: unknown[] = [], options: QueryOptions = {}) => {
    const name = onlyRowMode(options) ? nameOf(text) : undefined;
    if (name === undefined) return unnamed(text, params, options);
    await client._checkReady();
    const locked = () =>
      client.runExclusive(async () => {
        try {
          return await run(name, text, params, options, inTransaction);
        } catch (error) {
          // As PGlite's own query() does: the failing statement travels with its error.
          if (error instanceof Error) Object.assign(error, { query: text, params, queryOptions: options });
          throw error;
        }
      });
    return inTransaction ? locked() : client._runExclusiveTransaction(locked);
  };
}

/** Options this path honours: Kysely passes only `rowMode`. Anything else goes to PGlite's own query(). */
const onlyRowMode = (options: QueryOptions) => Object.keys(options).every((key) => key === 'rowMode');

function join(...parts: Uint8Array[]) {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}
