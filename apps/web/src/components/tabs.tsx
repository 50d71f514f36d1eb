import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** Shown after the label, e.g. a red count badge. */
  badge?: ReactNode;
  /** The tab button's `data-testid`. */
  testId?: string;
}

export interface TabsProps<K extends string> {
  /** Names the tab list for assistive tech, e.g. "Log-in method". */
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * ARIA tabs with automatic activation: arrow keys, Home and End move between tabs. A single tab
 * is no choice at all, so then only the panel renders.
 */
export function Tabs<K extends string>({
  label,
  items,
  selected,
  onSelect,
  children,
}: TabsProps<K>) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = `${baseId}-panel`;

  // A tab list wider than a phone scrolls sideways; the selected tab is kept in view, also when
  // a tab appears before it.
  const keys = items.map((item) => item.key).join(' ');
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || list.scrollWidth <= list.clientWidth) return;
    const tab = list.querySelector<HTMLElement>('[aria-selected="true"]');
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected, keys]);

  if (items.length < 2) return <div className="tab-panel">{children}</div>;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === selected);
    const rtl = document.documentElement.dir === 'rtl';
    let next: number | null = null;
    if (event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) next = (index + 1) % items.length;
    else if (event.key === (rtl ? 'ArrowRight' : 'ArrowLeft'))
      next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    const item = next === null ? undefined : items[next];
    if (!item) return;
    event.preventDefault();
    onSelect(item.key);
    listRef.current?.querySelector<HTMLElement>(`[id="${tabId(item.key)}"]`)?.focus();
  };

  return (
    <div className="tabs">
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        className="tab-list"
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const active = item.key === selected;
          return (
            <button
              key={item.key}
              id={tabId(item.key)}
              type="button"
              role="tab"
              className="tab"
              aria-selected={active}
              aria-controls={active ? panelId : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(item.key)}
              data-testid={item.testId}
            >
              {item.label}
              {item.badge}
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className="tab-panel">
        {children}
      </div>
    </div>
  );
}
