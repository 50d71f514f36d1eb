import { useTranslation } from 'react-i18next';
import type { ArenaState } from '@taya/contracts';
import { beadColumns, resultCounts } from '../lib/arena';

/** The day's results as the bead grid sabong players read (M, W, D, C by fight), with counts. */
export function TrendBoard({ results }: { results: ArenaState['results'] }) {
  const { t } = useTranslation();
  const counts = resultCounts(results);
  const columns = beadColumns(results);
  const minColumns = 14;
  const padded = [
    ...columns,
    ...Array.from({ length: Math.max(0, minColumns - columns.length) }, () => []),
  ];
  return (
    <section
      className="sabong-trend"
      aria-labelledby="sabong-trend-title"
      data-testid="sabong-trend"
    >
      <h2 id="sabong-trend-title" className="sabong-label">
        {t('cockfight.results')}
      </h2>
      <p className="sabong-counts" data-testid="sabong-counts">
        {t('cockfight.counts', {
          m: counts.meron,
          w: counts.wala,
          d: counts.draw,
          c: counts.cancelled,
        })}
      </p>
      <div className="sabong-beads" role="list">
        {padded.map((column, i) => (
          <div key={i} className="sabong-bead-column">
            {Array.from({ length: 6 }, (_, k) => {
              const r = column[k];
              return r ? (
                <span
                  key={k}
                  role="listitem"
                  className={`sabong-bead is-${r.result}`}
                  title={`${t('cockfight.fight', { n: r.number })} · ${t(`cockfight.result.${r.result}`)}`}
                  data-testid="sabong-bead"
                  data-fight={r.number}
                  data-result={r.result}
                >
                  {t(`cockfight.short.${r.result}`)}
                </span>
              ) : (
                <span key={k} className="sabong-bead is-empty" aria-hidden="true" />
              );
            })}
          </div>
        ))}
      </div>
      {results.length === 0 && <p className="sabong-empty">{t('cockfight.no_results')}</p>}
    </section>
  );
}
