/** Where the next batch of an export starts: after the last row's sort key and id (and, for a sort key that may be empty, how many rows came before). */
export interface BatchPosition {
  after: { key: unknown; id: number } | null;
  offset: number;
}

/**
 * The batches of a long read in the list's order (the exports, issue 26 B): `read` answers the
 * rows after `position`, each carrying its sort key as `__key`; a batch shorter than `limit` is the
 * last. Each batch is shaped by `shape` before it is handed on.
 */
export async function* batchesByKey<R extends { id: number }, T>(
  read: (position: BatchPosition) => Promise<(R & { __key: unknown })[]>,
  limit: number,
  shape: (row: R) => T,
): AsyncGenerator<T[]> {
  const position: BatchPosition = { after: null, offset: 0 };
  for (;;) {
    const rows = await read(position);
    if (rows.length > 0) yield rows.map(shape);
    const last = rows.at(-1);
    if (!last || rows.length < limit) return;
    position.after = { key: last.__key, id: last.id };
    position.offset += rows.length;
  }
}
