import { useEffect, useMemo, useState } from 'react';
import { useQueryClient, type InfiniteData, type UseInfiniteQueryResult, type UseMutationResult } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client';
import type { SortOption, SortState } from './sort-dialog';
import { sortSummary } from './sort-summary';
import { useToast, type ToastAction } from './toast';

/**
 * The rows of a list page loaded page by page (spec §4 Lists), the same on every list: the pages'
 * rows as one array, the total of the last page, one toast per failure of the first page or a
 * refresh ("Gagal memuat data <noun>"), and Load More with its own toasts ("Gagal memuat data
 * tambahan", "Semua data sudah dimuat" when the next page was empty).
 */
export function useListRows<Row>(
  list: UseInfiniteQueryResult<InfiniteData<{ rows: Row[]; total?: number }>>,
  failedText: string,
) {
  const { showToast } = useToast();
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.rows) ?? [], [list.data]);
  const total = list.data?.pages.at(-1)?.total;

  const listFailed = list.isError && !list.isFetchNextPageError;
  useEffect(() => {
    if (listFailed) showToast(failedText, 'error');
  }, [listFailed, list.errorUpdatedAt, showToast, failedText]);

  const loadMore = async () => {
    const result = await list.fetchNextPage();
    if (result.isError) {
      showToast('Gagal memuat data tambahan', 'error');
      return;
    }
    const last = result.data?.pages.at(-1);
    if (last && last.rows.length === 0) showToast('Semua data sudah dimuat', 'info');
  };

  return { rows, total, loadMore };
}

/**
 * The delete confirmation of a list row: `ask(row)` opens it, `confirm()` deletes through the
 * mutation and says the outcome in a toast (the server's message when it refuses), and the dialog
 * closes when the request is settled; it cannot be closed while the request runs.
 */
export function useDeleteConfirm<Row extends { id: number }>(
  remove: UseMutationResult<unknown, unknown, number>,
  texts: { done: string; failed: string },
  /** A button in the success toast for the row just deleted (a payment's BATAL receipt). */
  afterDelete?: (row: Row) => ToastAction,
) {
  const { showToast } = useToast();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const confirm = () => {
    if (!deleting) return;
    const row = deleting;
    remove.mutate(row.id, {
      onSuccess: () => showToast(texts.done, 'success', afterDelete?.(row)),
      onError: (error) => showToast(errorMessage(error, texts.failed), 'error'),
      onSettled: () => setDeleting(null),
    });
  };
  return {
    deleting,
    ask: setDeleting,
    confirm,
    pending: remove.isPending,
    onOpenChange: (open: boolean) => {
      if (!open && !remove.isPending) setDeleting(null);
    },
  };
}

/**
 * Which one of a list page's dialogs is open (filter, sort, add…): `props(kind)` gives a dialog its
 * `open` and `onOpenChange`, `open(kind)` opens it from a button.
 */
export function useListDialogs<Kind extends string>() {
  const [current, setCurrent] = useState<Kind | null>(null);
  return {
    current,
    open: (kind: Kind) => setCurrent(kind),
    close: () => setCurrent(null),
    props: (kind: Kind) => ({ open: current === kind, onOpenChange: (open: boolean) => setCurrent(open ? kind : null) }),
  };
}

/**
 * What every list page does the same way, in one place: its rows (useListRows), its dialogs (filter,
 * sort and the page's own), a change of filters that starts again at page 1 (spec §4 Lists: the
 * cached pages of every list of the feature are dropped), Reset Filter with its toast, Refresh of the
 * feature's queries, its sort (the sort dialog and, while it is not the default, its summary), and
 * the props of ListToolbar and ListBody that follow from them.
 */
export function useListPage<Filters extends SortState<string>, Row, Extra extends string = never>(options: {
  list: UseInfiniteQueryResult<InfiniteData<{ rows: Row[]; total?: number }>>;
  /** The feature's query keys: `all` (Refresh) and `lists()` (dropped on a change of filters). */
  keys: { all: readonly unknown[]; lists(): readonly unknown[] };
  filters: { filters: Filters; setFilters(next: NoInfer<Filters>): void; isDefault: boolean; defaults: Filters };
  /** The list's sort keys with their labels. */
  sortOptions: readonly SortOption<Filters['sortBy']>[];
  /** "Gagal memuat data <noun>": the toast of a failed Load More, and the title of the list's error. */
  failedText: string;
}) {
  const { list, keys, filters, sortOptions, failedText } = options;
  const current = filters.filters;
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const { rows, total, loadMore } = useListRows(list, failedText);
  const dialogs = useListDialogs<'filter' | 'sort' | Extra>();
  const applyFilters = (next: Filters) => {
    queryClient.removeQueries({ queryKey: keys.lists() });
    filters.setFilters(next);
  };
  const resetFilters = () => {
    applyFilters(filters.defaults);
    showToast('Filter berhasil direset', 'success');
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keys.all });
  const customSort = current.sortBy !== filters.defaults.sortBy || current.sortOrder !== filters.defaults.sortOrder;
  return {
    rows,
    dialogs,
    applyFilters,
    resetFilters,
    refresh,
    refreshing: list.isRefetching && !list.isFetchingNextPage,
    /** The sort in short ('Nama ↑') while it is not the list's default, else null. */
    sortSummary: customSort ? sortSummary(sortOptions, current) : null,
    /** SortDialog's props but its title: a choice sorts the list at once. */
    sortProps: {
      ...dialogs.props('sort'),
      options: sortOptions,
      value: current,
      onChange: (sort: SortState<Filters['sortBy']>) => applyFilters({ ...current, ...sort }),
    },
    toolbarProps: {
      onFilter: () => dialogs.open('filter'),
      onSort: () => dialogs.open('sort'),
      onReset: resetFilters,
      resetDisabled: filters.isDefault,
    },
    bodyProps: { query: list, errorTitle: failedText, rowCount: rows.length, total, onLoadMore: () => void loadMore() },
  };
}
