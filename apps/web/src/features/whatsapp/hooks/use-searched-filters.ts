import { useEffect, useState } from 'react';

const SEARCH_DELAY_MS = 300;

/**
 * A paged list's filters with a search box: typing searches after a short pause, and any search or
 * filter change (`set`) goes back to page 1; `clear` empties the box and restores `empty`.
 */
export function useSearchedFilters<F extends { page: number; search: string }>(empty: F) {
  const [searchText, setSearchText] = useState('');
  const [filters, setFilters] = useState<F>(empty);

  useEffect(() => {
    const timer = setTimeout(
      () => setFilters((f) => (f.search === searchText ? f : { ...f, search: searchText, page: 1 })),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText]);

  const set = (next: Partial<F>) => setFilters((f) => ({ ...f, ...next, page: 1 }));
  const clear = () => {
    setSearchText('');
    setFilters(empty);
  };
  return { searchText, setSearchText, filters, setFilters, set, clear };
}
