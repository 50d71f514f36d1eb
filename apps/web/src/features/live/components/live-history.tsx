import { useTranslation } from 'react-i18next';
import type { LiveGame, LiveResult } from '@taya/contracts';
import { pocketColour, rouletteStats, sicBoStats } from '@taya/games';
import { Die } from './deal-view';

/** Roulette's and sic bo's last results with their hot and cold numbers. */
export function LiveHistory({ game, results }: { game: LiveGame; results: readonly LiveResult[] }) {
  const { t } = useTranslation();
  const recent = [...results].reverse().slice(0, 30);
  if (game === 'roulette') {
    const pockets = results.flatMap((r) => (r.pocket === null ? [] : [r.pocket]));
    const stats = rouletteStats(pockets);
    const pct = (n: number) => (pockets.length ? Math.round((n * 100) / pockets.length) : 0);
    return (
      <section className="live-history" aria-label={t('live.history')} data-testid="live-history">
        <ol className="live-strip">
          {recent.map((r) => (
            <li key={r.round} className={`live-pocket is-${pocketColour(r.pocket!)}`}>
              {r.pocket}
            </li>
          ))}
        </ol>
        <div className="live-bars">
          <span className="live-bar is-red" style={{ flexGrow: stats.red || 1 }}>
            {t('live.spots.red')} {pct(stats.red)}%
          </span>
          <span className="live-bar is-green" style={{ flexGrow: stats.green || 0.3 }}>
            0 {pct(stats.green)}%
          </span>
          <span className="live-bar is-black" style={{ flexGrow: stats.black || 1 }}>
            {t('live.spots.black')} {pct(stats.black)}%
          </span>
        </div>
        <p className="live-hotcold">
          <span>{t('live.hot')}</span>
          {stats.hot.map((n) => (
            <b key={n} className={`live-pocket is-${pocketColour(n)}`}>
              {n}
            </b>
          ))}
          <span>{t('live.cold')}</span>
          {stats.cold.map((n) => (
            <b key={n} className={`live-pocket is-${pocketColour(n)}`}>
              {n}
            </b>
          ))}
        </p>
      </section>
    );
  }
  const rolls = results.flatMap((r) => (r.dice ? [r.dice as [number, number, number]] : []));
  const stats = sicBoStats(rolls);
  return (
    <section className="live-history" aria-label={t('live.history')} data-testid="live-history">
      <ol className="live-strip is-dice">
        {recent.map((r) => (
          <li key={r.round} className="live-roll">
            {(r.dice ?? []).map((d, i) => (
              <Die key={i} face={d} />
            ))}
            <span aria-label={t('live.total', { n: (r.dice ?? []).reduce((a, b) => a + b, 0) })}>
              {(r.dice ?? []).reduce((a, b) => a + b, 0)}
            </span>
          </li>
        ))}
      </ol>
      <p className="live-hotcold">
        {t('live.spots.big')} {stats.big} · {t('live.spots.small')} {stats.small} ·{' '}
        {t('live.spots.odd')} {stats.odd} · {t('live.spots.even')} {stats.even} ·{' '}
        {t('live.spots.any_triple')} {stats.triple}
      </p>
    </section>
  );
}
