import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatOdds } from '@taya/games';
import type { Fixture, SportsMarket } from '@taya/contracts';
import { pickKey, pickOf } from '../lib/slip';
import { toggleSlipPick, useOddsFormat, useSlip } from '../lib/store';

/** A price that moved flashes green (up) or red (down) once; the direction stays till the next. */
function useOddsMove(odds: number): { dir: 'up' | 'down' | null; seen: number } {
  const [last, setLast] = useState({ odds, dir: null as 'up' | 'down' | null, seen: 0 });
  if (last.odds !== odds) {
    const next = {
      odds,
      dir: odds > last.odds ? ('up' as const) : ('down' as const),
      seen: last.seen + 1,
    };
    setLast(next);
    return next;
  }
  return last;
}

/** The odds text in the player's format. */
export function OddsText({ odds }: { odds: number }) {
  const format = useOddsFormat();
  return <>{formatOdds(odds, format)}</>;
}

/**
 * One selection's price: taps it onto the bet slip (again: off), highlighted while there; a lock
 * while the market is suspended or the match no longer takes bets; the outcome once settled.
 */
export function OddsButton({
  fixture,
  market,
  selection,
  label,
  line,
}: {
  fixture: Fixture;
  market: SportsMarket;
  selection: string;
  label?: string | undefined;
  line?: string | null | undefined;
}) {
  const { t } = useTranslation();
  const format = useOddsFormat();
  const slip = useSlip();
  const sel = market.selections.find((s) => s.key === selection);
  const odds = sel?.odds ?? 0;
  const move = useOddsMove(odds);
  const key = pickKey({ market: market.id, selection });
  const selected = slip.picks.some((p) => pickKey(p) === key);
  const takesBets =
    market.status === 'open' && (fixture.status === 'live' || fixture.status === 'scheduled');
  const outcome = sel?.outcome ?? null;
  const testId = `odds-${market.id}-${selection}`;

  if (!sel) return <span className="sb-odds is-empty" aria-hidden="true" />;
  if (outcome) {
    return (
      <span
        className={`sb-odds is-settled is-${outcome}`}
        data-testid={testId}
        data-outcome={outcome}
      >
        {label && <span className="sb-odds-label">{label}</span>}
        {line && <span className="sb-odds-line">{line}</span>}
        <span className="sb-odds-outcome">{t(`sports.outcome.${outcome}`)}</span>
      </span>
    );
  }
  const locked = !takesBets;
  const text = formatOdds(odds, format);
  return (
    <button
      type="button"
      className={`sb-odds${selected ? ' is-selected' : ''}${locked ? ' is-locked' : ''}`}
      aria-pressed={selected}
      disabled={locked}
      onClick={() => toggleSlipPick(pickOf(fixture, market, selection))}
      data-testid={testId}
      data-odds={odds}
      title={locked ? t('sports.suspended') : undefined}
    >
      {label && <span className="sb-odds-label">{label}</span>}
      {line && <span className="sb-odds-line">{line}</span>}
      {locked ? (
        <span className="sb-lock" aria-label={t('sports.suspended')}>
          <LockIcon />
        </span>
      ) : (
        <span
          key={move.seen}
          className={`sb-odds-price${move.dir ? ` is-${move.dir}` : ''}${text.startsWith('-') ? ' is-neg' : ''}`}
        >
          {text}
        </span>
      )}
    </button>
  );
}

export function LockIcon() {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <path
        fill="currentColor"
        d="M4 7V5a4 4 0 1 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v5A1.5 1.5 0 0 1 12.5 15h-9A1.5 1.5 0 0 1 2 13.5v-5A1.5 1.5 0 0 1 3.5 7H4Zm2 0h4V5a2 2 0 1 0-4 0v2Z"
      />
    </svg>
  );
}
