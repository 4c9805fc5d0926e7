import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { tipePinjaman } from '@mizan/core';

/** Reads one filter from its search parameter; undefined falls back to the default. */
export type ParamCodec<V> = (raw: string | null) => V | undefined;

/** Free text (a search). */
export const textParam: ParamCodec<string> = (raw) => raw ?? undefined;
/** Free text that is absent (null) when not in the address. */
export const optionalTextParam: ParamCodec<string | null> = (raw) => (raw === null || raw === '' ? undefined : raw);
/** One of a fixed list of values (a status, a sort key, a sort order). */
export const oneOfParam =
  <V extends string>(values: readonly V[]): ParamCodec<V> =>
  (raw) =>
    values.includes(raw as V) ? (raw as V) : undefined;
/** A list's sort: `sortBy` one of the list's sort keys, `sortOrder` ascending or descending. */
export const sortParams = <K extends string>(sortKeys: readonly K[]) => ({
  sortBy: oneOfParam(sortKeys),
  sortOrder: oneOfParam(['asc', 'desc'] as const),
});
/** A loan type filter: every type ('all'), or one type. */
export const tipeParam = oneOfParam(['all', ...tipePinjaman] as const);
/** A whole number from `min` to `max`, or absent. */
export const intParam =
  (min: number, max: number): ParamCodec<number | null> =>
  (raw) => {
    if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined;
    const n = Number(raw);
    return n >= min && n <= max ? n : undefined;
  };
/** A database id (1 … 2³¹−1), or absent. */
export const idParam: ParamCodec<number | null> = intParam(1, 2_147_483_647);

type Value = string | number | null;

/**
 * A list page's filters and sort kept in the address (`?status=aktif&sortBy=nama`), one search
 * parameter per field under the field's own name, so that Back from a detail page and a reload
 * return to the same list. Values equal to the default are left out of the address; unknown or
 * malformed values fall back to the default. Changes replace the history entry (typing a search
 * does not add one Back step per letter). Parameters named in `keep` (quick actions such as
 * `?tambah=1`) survive a change of filters. `names` gives a field another parameter name (an address
 * already in use); `normalize` drops what one field makes meaningless (a month outside a custom period).
 */
export function useUrlFilters<T extends { [K in keyof T]: Value }>(
  defaults: T,
  codecs: { [K in keyof T]: ParamCodec<T[K]> },
  options: { keep?: readonly string[]; names?: Partial<Record<keyof T, string>>; normalize?: (filters: T) => T } = {},
) {
  const [params, setParams] = useSearchParams();
  const keys = Object.keys(defaults) as (keyof T & string)[];
  const nameOf = (key: keyof T & string) => options.names?.[key] ?? key;
  const normalize = options.normalize ?? ((f: T) => f);

  const filters = useMemo(() => {
    const out = { ...defaults };
    for (const key of keys) {
      const value = codecs[key](params.get(nameOf(key)));
      if (value !== undefined) out[key] = value;
    }
    return normalize(out);
    // keys, codecs and defaults are module constants of the calling page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  const keep = options.keep;
  const setFilters = useCallback(
    (next: T | ((current: T) => T)) => {
      setParams(
        (current) => {
          const resolved = normalize(typeof next === 'function' ? next(filters) : next);
          const out = new URLSearchParams();
          for (const key of keep ?? []) {
            const value = current.get(key);
            if (value !== null) out.set(key, value);
          }
          for (const key of keys) {
            const value = resolved[key];
            if (value !== null && value !== '' && value !== defaults[key]) out.set(nameOf(key), String(value));
          }
          return out;
        },
        { replace: true },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams, filters, keep],
  );

  const isDefault = keys.every((key) => filters[key] === defaults[key]);
  return { filters, setFilters, isDefault, defaults };
}
