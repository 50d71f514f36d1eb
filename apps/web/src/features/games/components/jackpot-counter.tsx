import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { fromMinor, toMinor, tweenMinor } from '../../../lib/money';
import { useJackpot } from '../api/get-jackpot';
import { useMoney } from '../../../hooks/use-money';
import { prefersReducedMotion } from '../lib/slot';
import type { JackpotPool } from '../lib/types';

/** How long the shown value takes to reach a new one. */
const tweenMs = 1_500;

/** Fast at first, settling gently on the new value. */
function easeOutCubic(t: number): number {
  return 1 - (1 - t) ** 3;
}

/** "1.00" → "1", "0.50" → "0.5": a share as people write it. */
function percentText(percent: string): string {
  return /^\d+\.\d+$/.test(percent) ? percent.replace(/\.?0+$/, '') : percent;
}

/**
 * The amount to show while the pool moves to `target` (minor units): it counts from whatever is
 * on screen to the new value, frame by frame, and ends on it exactly. Reduced motion shows the
 * new value at once.
 */
function useCountUp(target: bigint): bigint {
  const [shown, setShown] = useState(target);
  // What the screen shows now, so a value arriving mid-count starts from there, not from the old.
  const onScreen = useRef(target);

  useEffect(() => {
    const from = onScreen.current;
    if (from === target) return;
    let frame = 0;
    if (prefersReducedMotion()) {
      onScreen.current = target;
      frame = requestAnimationFrame(() => setShown(target));
      return () => cancelAnimationFrame(frame);
    }
    const start = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, Math.max(0, (now - start) / tweenMs));
      const value = tweenMinor(from, target, easeOutCubic(progress));
      onScreen.current = value;
      setShown(value);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target]);

  return prefersReducedMotion() ? target : shown;
}

/**
 * The merchant's progressive jackpot (its first pool): real money held in the ledger, asked
 * again every few seconds. Without a pool it shows nothing at all, never an invented figure.
 */
export function JackpotCounter() {
  const jackpot = useJackpot();
  const pool = jackpot.data?.[0];
  // Its place is kept while it loads, so the page below does not jump when it arrives.
  if (jackpot.isPending) return <div className="jackpot jackpot-placeholder" aria-hidden="true" />;
  // Failed, or no pool: the page simply goes on without it.
  if (!pool) return null;
  return <PoolCounter pool={pool} />;
}

function PoolCounter({ pool }: { pool: JackpotPool }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const titleId = useId();
  const formatDate = useDateTimeFormat();
  const shown = useCountUp(toMinor(pool.value) ?? 0n);
  const money = (amount: string) => fmt.money(amount, pool.currency);

  return (
    <section className="jackpot" aria-labelledby={titleId} data-testid="jackpot-counter">
      <p className="jackpot-label">
        <Icon name="trophy" size={16} />
        {t('games.jackpot_label')}
      </p>
      <h2 id={titleId} className="jackpot-name">
        {pool.name}
      </h2>
      <p className="jackpot-value" data-testid="jackpot-value" data-value={pool.value}>
        {money(fromMinor(shown))}
      </p>
      <p className="jackpot-feeds">
        {t('games.jackpot_feeds', {
          percent: percentText(pool.contributionPercent),
          vendors: pool.vendors.join(', '),
        })}
      </p>
      {pool.lastWin ? (
        <p className="jackpot-last-win" data-testid="jackpot-last-win">
          {t('games.jackpot_last_win', {
            name: pool.lastWin.customerName,
            amount: money(pool.lastWin.amount),
            date: formatDate(pool.lastWin.at),
          })}
        </p>
      ) : null}
    </section>
  );
}
