import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list screen's filters, page and sort, kept in the URL's search params: a filtered view can be
 * bookmarked, shared and reloaded, and the back button undoes a filter. `defaults` names every
 * key the screen uses (values are strings, '' meaning "not set"); `page`, `pageSize` and `sort`
 * are handled here for every table.
 */
export interface UrlFilterState<F extends Record<string, string>> {
  filters: F;
  page: number;
  pageSize: number;
  /** `field` or `-field` (descending); '' when the server's default order applies. */
  sort: string;
  /** Sets some filters and goes back to page 1; '' removes a filter from the URL. */
  setFilters: (next: Partial<F>) => void;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSort: (sort: string) => void;
  reset: () => void;
}

export const pageSizes = [25, 50, 100, 200] as const;

export function useUrlFilters<F extends Record<string, string>>(
  defaults: F,
  options: { pageSize?: number } = {},
): UrlFilterState<F> {
  const [params, setParams] = useSearchParams();
  const defaultPageSize = options.pageSize ?? 50;

  const filters = useMemo(() => {
    const out = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof F & string)[]) {
      const value = params.get(key);
      if (value !== null) out[key] = value as F[typeof key];
    }
    return out;
    // `defaults` is a literal in the caller; its keys are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  const positive = (name: string, fallback: number) => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  const page = positive('page', 1);
  const pageSize = positive('pageSize', defaultPageSize);
  const sort = params.get('sort') ?? '';

  const update = useCallback(
    (changes: Record<string, string | number | undefined>, resetPage: boolean) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (resetPage) next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  return {
    filters,
    page,
    pageSize,
    sort,
    setFilters: useCallback((next: Partial<F>) => update(next, true), [update]),
    setPage: useCallback((p: number) => update({ page: p <= 1 ? undefined : p }, false), [update]),
    setPageSize: useCallback(
      (size: number) => update({ pageSize: size === defaultPageSize ? undefined : size }, true),
      [update, defaultPageSize],
    ),
    setSort: useCallback((s: string) => update({ sort: s }, true), [update]),
    reset: useCallback(() => setParams(new URLSearchParams(), { replace: false }), [setParams]),
  };
}

/** The non-empty filters, as an API query. */
export function activeFilters<F extends Record<string, string>>(filters: F): Partial<F> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) as Partial<F>;
}
