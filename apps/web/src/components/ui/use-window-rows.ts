import { useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';

/**
 * Lists longer than this keep only the rows near the screen in the DOM. The lists ask for 1000
 * rows a page (spec §9): 1000 rows of links, buttons and icons are ~30 000 elements, half a
 * second of rendering on a laptop and much more on a phone; the rows near the screen render in a
 * few milliseconds and the page scrolls through all of them as before.
 */
export const VIRTUALIZE_FROM = 100;

export interface WindowRow<T> {
  row: T;
  index: number;
  key: string | number;
  /** The line of the list the row sits on (its index, or index ÷ columns on a grid); the row's `data-index` for `measure`. */
  line: number;
}

/**
 * The rows to render of a list that scrolls with the page (window scrolling; the list may start
 * anywhere below the top). Returns the rows, the space to leave before and after them (so the
 * page keeps the height of the whole list), the ref for the list's container and `measure` for
 * each rendered row (rows may differ in height; they are measured once rendered). On a grid of
 * `columns` cards per line, whole lines are rendered, so the cards stay in their columns.
 */
export function useWindowRows<T>(
  rows: readonly T[],
  options: { estimateSize: number; gap?: number; columns?: number; getKey(row: T): string | number },
) {
  const columns = options.columns ?? 1;
  const listRef = useRef<HTMLElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtual = rows.length > VIRTUALIZE_FROM;

  // Where the list starts on the page (the header, summary cards and toolbar sit above it and
  // change height as they load), checked after every render; it settles because it only sets a
  // different value.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    if (!virtual || !listRef.current) return;
    const top = Math.round(listRef.current.getBoundingClientRect().top + window.scrollY);
    if (top !== scrollMargin) setScrollMargin(top);
  });

  const virtualizer = useWindowVirtualizer({
    count: virtual ? Math.ceil(rows.length / columns) : 0,
    estimateSize: () => options.estimateSize,
    gap: options.gap ?? 0,
    overscan: 6,
    scrollMargin,
    getItemKey: (line) => options.getKey(rows[line * columns]!),
  });

  if (!virtual) {
    return {
      listRef,
      virtual,
      items: rows.map((row, index): WindowRow<T> => ({
        row,
        index,
        key: options.getKey(row),
        line: Math.floor(index / columns),
      })),
      before: 0,
      after: 0,
      measure: undefined,
    };
  }
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  return {
    listRef,
    virtual,
    items: items.flatMap((item) =>
      rows
        .slice(item.index * columns, (item.index + 1) * columns)
        .map((row, offset): WindowRow<T> => ({
          row,
          index: item.index * columns + offset,
          key: options.getKey(row),
          line: item.index,
        })),
    ),
    before: first ? first.start - scrollMargin : 0,
    after: last ? Math.max(0, virtualizer.getTotalSize() - (last.end - scrollMargin)) : 0,
    measure: virtualizer.measureElement,
  };
}
