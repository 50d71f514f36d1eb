import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LiveEvent, LiveTable } from '@taya/contracts';
import { pocketColour } from '@taya/games';
import { useMoney } from '../../../hooks/use-money';
import { errorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { getLiveLobby } from '../api';
import { BigRoad, roadResults } from '../components/roads';
import { applyLiveEvent, secondsLeft, shownPhase } from '../lib/table';
import { useLiveSocket } from '../use-live-socket';

/** One table in the lobby: its state and countdown, its road or last results, limits, players. */
function TableTile({ table, serverNow }: { table: LiveTable; serverNow: number }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const phase = table.status === 'paused' ? 'paused' : shownPhase(table.live, serverNow);
  const seconds = secondsLeft(table.live, serverNow);
  const cards =
    table.game === 'baccarat' || table.game === 'dragon-tiger' || table.game === 'lucky9';
  const last = [...table.results].reverse().slice(0, 12);
  return (
    <li className={`live-tile is-${table.game}`} data-testid="live-tile" data-table={table.code}>
      <Link to={paths.liveTable.href(table.code)} className="live-tile-link">
        <div className="live-tile-head">
          <span className="live-tile-name">{table.name}</span>
          <span className={`live-tile-phase is-${phase}`} data-testid="live-tile-phase">
            {phase === 'betting' && seconds > 0 ? `${seconds}s` : t(`live.phase.${phase}`)}
          </span>
        </div>
        <div className="live-tile-road">
          {cards ? (
            <BigRoad
              results={roadResults(table.results)}
              minColumns={16}
              labels={{ title: t('live.roads.big') }}
            />
          ) : (
            <ol className="live-strip is-small">
              {last.map((r) =>
                r.pocket !== null ? (
                  <li key={r.round} className={`live-pocket is-${pocketColour(r.pocket)}`}>
                    {r.pocket}
                  </li>
                ) : (
                  <li key={r.round} className="live-roll-total">
                    {(r.dice ?? []).reduce((a, b) => a + b, 0)}
                  </li>
                ),
              )}
              {last.length === 0 && <li className="live-empty">{t('live.no_results')}</li>}
            </ol>
          )}
        </div>
        <div className="live-tile-foot">
          <span>
            {fmt.money(table.minBet, table.currency)} – {fmt.money(table.maxBet, table.currency)}
          </span>
          <span>{t('live.players', { n: table.players })}</span>
          {table.shoe && <span>{t('live.hand_no', { n: table.shoe.hands })}</span>}
        </div>
      </Link>
    </li>
  );
}

/** The house's live tables at the top of /live, kept live by the feed. */
export function LiveLobby() {
  const { t } = useTranslation();
  const [tables, setTables] = useState<LiveTable[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const ctrl = new AbortController();
    getLiveLobby(ctrl.signal)
      .then((l) => {
        setTables(l.tables);
        const first = l.tables[0];
        if (first) setOffset(Date.now() - Date.parse(first.live.serverNow));
      })
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setProblem(errorText(t, e));
      });
    return () => ctrl.abort();
  }, [t]);
  const onEvent = useCallback((event: LiveEvent) => {
    if (event.type === 'bet') return;
    setTables((list) => list && list.map((x) => applyLiveEvent(x, event)));
  }, []);
  useLiveSocket(onEvent);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  if (problem)
    return (
      <p className="live-problem" role="alert">
        {problem}
      </p>
    );
  if (!tables || tables.length === 0) return null;
  return (
    <section className="live-lobby" aria-labelledby="live-lobby-title">
      <h2 id="live-lobby-title" className="live-lobby-title">
        {t('live.house_tables')}
      </h2>
      <ul className="live-tiles" data-testid="live-lobby">
        {tables.map((x) => (
          <TableTile key={x.code} table={x} serverNow={now - offset} />
        ))}
      </ul>
    </section>
  );
}
