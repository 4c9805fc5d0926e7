import { startTransition, useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';

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
 * A row's height as its ResizeObserver reports it; a row just rendered keeps its known or estimated
 * height until then. The virtualizer's own default also reads `offsetHeight` when a row is
 * rendered: each read forces a layout, and each new height re-arranges all 1000 rows' positions and
 * has the list rendered again, in a cascade inside one task. The observer reports all new rows'
 * heights together after the browser's own layout, in one batch (docs/performance.md has the
 * main-thread time it saves).
 */
const sizeFromResizeObserver = (
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Window, Element>,
) => {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
};

/**
 * The rows to render of a list that scrolls with the page (window scrolling; the list may start
 * anywhere below the top). Returns the rows and the props for the container and each row: the
 * container keeps the height of the whole list (spacers), says how many rows it holds and is
 * measured for its place on the page; each rendered row is measured (rows may differ in height)
 * and says its place in the list. On a grid of
 * `columns` cards per line, whole lines are rendered, so the cards stay in their columns.
 */
export function useWindowRows<T>(
  rows: readonly T[],
  options: {
    /** `<testId>-list` on the container, `<testId>-row` on each row. */
    testId: string;
    estimateSize: number;
    gap?: number;
    columns?: number;
    getKey(row: T): string | number;
  },
) {
  const columns = options.columns ?? 1;
  const listRef = useRef<HTMLElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtual = rows.length > VIRTUALIZE_FROM;

  // Where the list starts on the page (the header, summary cards and toolbar sit above it and
  // change height as they load), checked after every render; it settles because it only sets a
  // different value. Applied as a transition, after the browser has painted: until then the rows
  // are placed as if the list started at the top of the page, which renders a few rows more below
  // the screen but the same rows in the same places (the spacers do not depend on it). Applied at
  // once, it rendered the list a second time before the first paint (~80 ms on a slow phone).
  useLayoutEffect(() => {
    if (!virtual || !listRef.current) return;
    const top = Math.round(listRef.current.getBoundingClientRect().top + window.scrollY);
    if (top !== scrollMargin) startTransition(() => setScrollMargin(top));
  });

  const virtualizer = useWindowVirtualizer({
    count: virtual ? Math.ceil(rows.length / columns) : 0,
    estimateSize: () => options.estimateSize,
    gap: options.gap ?? 0,
    // About 600 px beyond each edge of the screen, at most 6 lines: a phone's tall cards need fewer.
    overscan: Math.min(6, Math.max(2, Math.ceil(600 / options.estimateSize))),
    // The window's size from the start: otherwise the first render assumes an empty window and
    // the list renders again as soon as the virtualizer has looked.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    scrollMargin,
    getItemKey: (line) => options.getKey(rows[line * columns]!),
    measureElement: sizeFromResizeObserver,
  });

  const lines = virtual ? virtualizer.getVirtualItems() : [];
  const items: WindowRow<T>[] = virtual
    ? lines.flatMap((line) =>
        rows.slice(line.index * columns, (line.index + 1) * columns).map((row, offset) => ({
          row,
          index: line.index * columns + offset,
          key: options.getKey(row),
          line: line.index,
        })),
      )
    : rows.map((row, index) => ({ row, index, key: options.getKey(row), line: Math.floor(index / columns) }));
  const firstLine = lines[0];
  const lastLine = lines.at(-1);
  const before = firstLine ? firstLine.start - scrollMargin : 0;
  const after = lastLine ? Math.max(0, virtualizer.getTotalSize() - (lastLine.end - scrollMargin)) : 0;
  const measure = virtual ? virtualizer.measureElement : undefined;
  const setList = (el: HTMLElement | null) => void (listRef.current = el);
  const count = rows.length;
  const testId = options.testId;

  return {
    items,
    /** Spacer heights for a table (`SpacerRow`); card lists get them as padding through `listProps`. */
    before,
    after,
    /** For a `<table>`: all rows counted (header included), even those not rendered. */
    tableProps: { ref: setList, 'aria-rowcount': count + 1, 'data-testid': `${testId}-list`, 'data-count': count },
    /** For a `<tr>` of a rendered row. */
    tableRowProps: (item: Pick<WindowRow<T>, 'index' | 'line'>) => ({
      'data-testid': `${testId}-row`,
      'data-index': item.line,
      ref: measure,
      'aria-rowindex': item.index + 2,
    }),
    /** For a `<ul>` of rows or cards. */
    listProps: {
      ref: setList,
      style: { paddingTop: before, paddingBottom: after },
      'data-testid': `${testId}-list`,
      'data-count': count,
    },
    /** For an `<li>` of a rendered row or card. */
    itemProps: (item: Pick<WindowRow<T>, 'index' | 'line'>) => ({
      'data-testid': `${testId}-row`,
      'data-index': item.line,
      ref: measure,
      'aria-setsize': count,
      'aria-posinset': item.index + 1,
    }),
  };
}
