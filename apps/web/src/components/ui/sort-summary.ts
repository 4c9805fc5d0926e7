import { sortText } from '@mizan/core';
import type { SortOption, SortState } from './sort-dialog';

/** Short text of a sort state for a chip, e.g. 'Nama ↑' (core `sortText`, as the exports' title rows say it). */
export function sortSummary<K extends string>(options: readonly SortOption<K>[], value: SortState<K>): string {
  const labels = Object.fromEntries(options.map((o) => [o.value, o.label])) as Record<K, string>;
  labels[value.sortBy] ??= value.sortBy;
  return sortText(labels, value.sortBy, value.sortOrder);
}
