import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';

/** Typing settles for this long before a search goes out (one call per pause, not per key). */
export const searchDelayMs = 300;

/** Search by game name. Reports the text after a pause, or at once on Enter. */
export function GameSearch({ onSearch }: { onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');

  useEffect(() => {
    const timer = window.setTimeout(() => onSearch(text.trim()), searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [onSearch, text]);

  return (
    <form
      className="game-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('games.search_label')}
      </label>
      <span className="game-search-icon" aria-hidden="true">
        <Icon name="search" size={18} />
      </span>
      <input
        id={id}
        type="search"
        className="field-input game-search-input"
        placeholder={t('games.search_placeholder')}
        value={text}
        maxLength={60}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

/** Vendor chips: "All vendors" and one per vendor; the chosen one is pressed. */
export function VendorFilter({
  vendors,
  selected,
  onSelect,
  vendorName,
}: {
  vendors: readonly string[];
  selected: string | null;
  onSelect: (vendor: string | null) => void;
  vendorName: (code: string) => string;
}) {
  const { t } = useTranslation();
  if (vendors.length === 0) return null;
  return (
    <div className="vendor-filter" role="group" aria-label={t('games.vendor_filter')}>
      <button
        type="button"
        className="chip"
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
      >
        {t('games.all_vendors')}
      </button>
      {vendors.map((code) => (
        <button
          key={code}
          type="button"
          className="chip"
          aria-pressed={selected === code}
          onClick={() => onSelect(code)}
        >
          {vendorName(code)}
        </button>
      ))}
    </div>
  );
}

/** Previous / page n of m / next, for a list that knows its page count. */
export function Pager({
  page,
  totalPages,
  busy,
  onPage,
}: {
  page: number;
  totalPages: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('cashier.pages')}>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={page <= 1 || busy}
        onClick={() => onPage(page - 1)}
      >
        <Icon name="chevronLeft" size={16} />
        {t('cashier.previous')}
      </button>
      <span className="pager-page" aria-live="polite">
        {t('games.page_of', { page, total: totalPages })}
      </span>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={page >= totalPages || busy}
        onClick={() => onPage(page + 1)}
      >
        {t('cashier.next')}
        <Icon name="chevronRight" size={16} />
      </button>
    </nav>
  );
}
