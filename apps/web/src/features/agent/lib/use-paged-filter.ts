import { useCallback, useState } from 'react';

/**
 * The filter of a list loaded a page at a time. `refine` changes what is asked for and goes back
 * to the first page; `setPage` moves through the pages of the same filter.
 */
export function usePagedFilter<F extends { page: number }>(initial: () => F) {
  const [filter, setFilter] = useState(initial);
  const refine = useCallback(
    (patch: Partial<Omit<F, 'page'>>) =>
      setFilter((current) => ({ ...current, ...patch, page: 1 })),
    [],
  );
  const setPage = useCallback((page: number) => setFilter((current) => ({ ...current, page })), []);
  return { filter, refine, setPage };
}
