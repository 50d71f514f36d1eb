import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToLocalInput, localInputToIso } from '../lib/format';

export interface FilterField {
  name: string;
  label: string;
  /** 'datetime' edits an ISO instant in local time; 'select' offers `options`. */
  type?: 'text' | 'datetime' | 'select';
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
}

/**
 * A row of filters over a table, applied together (Enter or "Apply") into the URL through
 * `useUrlFilters`: `<FilterBar fields={…} values={filters} onApply={setFilters} onReset={reset} />`.
 */
export function FilterBar({
  fields,
  values,
  onApply,
  onReset,
}: {
  fields: readonly FilterField[];
  values: Record<string, string>;
  onApply: (next: Record<string, string>) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(values);
  // The URL changed (back button, a reset): the inputs show it again.
  const [shown, setShown] = useState(values);
  if (shown !== values) {
    setShown(values);
    setDraft(values);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <form className="filter-bar" onSubmit={submit} role="search" aria-label={t('table.filters')}>
      {fields.map((field) => {
        const id = `filter-${field.name}`;
        const value = draft[field.name] ?? '';
        return (
          <div className="filter" key={field.name}>
            <label htmlFor={id}>{field.label}</label>
            {field.type === 'select' ? (
              <select
                id={id}
                className="input"
                value={value}
                onChange={(e) => setDraft({ ...draft, [field.name]: e.target.value })}
              >
                <option value="">{t('table.any')}</option>
                {field.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : field.type === 'datetime' ? (
              <input
                id={id}
                type="datetime-local"
                className="input"
                value={isoToLocalInput(value || undefined)}
                onChange={(e) =>
                  setDraft({ ...draft, [field.name]: localInputToIso(e.target.value) ?? '' })
                }
              />
            ) : (
              <input
                id={id}
                className="input"
                value={value}
                placeholder={field.placeholder}
                onChange={(e) => setDraft({ ...draft, [field.name]: e.target.value })}
              />
            )}
          </div>
        );
      })}
      <div className="filter-actions">
        <button type="submit" className="btn btn-primary">
          {t('table.apply')}
        </button>
        <button type="button" className="btn" onClick={onReset}>
          {t('table.reset')}
        </button>
      </div>
    </form>
  );
}
