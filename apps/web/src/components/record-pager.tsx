import { useTranslation } from 'react-i18next';

/** Previous / page n / next, for a record list that only knows whether more pages follow. */
export function RecordPager({
  page,
  hasMore,
  busy,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="pager" aria-label={t('cashier.pages')}>
      <button
        type="button"
        className="button button-secondary"
        disabled={page <= 1 || busy}
        onClick={() => onPage(Math.max(1, page - 1))}
      >
        {t('cashier.previous')}
      </button>
      <span className="pager-page" aria-live="polite">
        {t('cashier.page_n', { page })}
      </span>
      <button
        type="button"
        className="button button-secondary"
        disabled={!hasMore || busy}
        onClick={() => onPage(page + 1)}
      >
        {t('cashier.next')}
      </button>
    </nav>
  );
}

/**
 * The pager under a list a query loads a page at a time: the page loaded (else the one asked
 * for), whether more follow, and busy while the query fetches.
 */
export function QueryPager({
  query,
  page,
  onPage,
}: {
  query: { data?: { page: number; hasMore: boolean }; isFetching: boolean };
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <RecordPager
      page={query.data?.page ?? page}
      hasMore={query.data?.hasMore ?? false}
      busy={query.isFetching}
      onPage={onPage}
    />
  );
}
