import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  minorToDecimal,
  parseAmount,
  type LiveBet,
  type LiveEvent,
  type LiveTableState,
} from '@taya/contracts';
import { neighbourSpots } from '@taya/games';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useMemberBalance } from '../../../hooks/use-member-balance';
import { useMoney } from '../../../hooks/use-money';
import { errorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { walletBalanceKey } from '../../../lib/query-keys';
import { newRequestId } from '../../../lib/request-id';
import { useSessionToken } from '../../../lib/session';
import { getLiveTable, getMyLiveBets, placeLiveBet } from '../api';
import { BetBoard, type SpotView } from '../components/bet-board';
import { DealView } from '../components/deal-view';
import { LiveHistory } from '../components/live-history';
import { roadResults, RoadBoard } from '../components/roads';
import { RouletteExtras } from '../components/roulette-extras';
import { insideSpot, type InsideMode } from '../lib/roulette-picks';
import { spotLabel } from '../lib/spot-label';
import { applyLiveEvent, secondsLeft, shownPhase } from '../lib/table';
import { useLiveSocket } from '../use-live-socket';

type Stakes = Record<string, bigint>;

const add = (a: Stakes, b: Stakes): Stakes => {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0n) + v;
  return out;
};
const total = (s: Stakes) => Object.values(s).reduce((x, y) => x + y, 0n);

/** The chips offered: the table's min bet × 1, 5, 10, 50, 100, 500 within its max. */
function chipsOf(min: bigint, max: bigint): bigint[] {
  return [1n, 5n, 10n, 50n, 100n, 500n].map((k) => min * k).filter((v) => v <= max);
}

/** /live/:table — one live table: the deal, the board, the chip rack, the roads. */
export function LiveTableRoute() {
  const { table: code = '' } = useParams();
  const { t } = useTranslation();
  const fmt = useMoney();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const [state, setState] = useState<LiveTableState | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [winners, setWinners] = useState<{ player: string; payout: string; currency: string }[]>(
    [],
  );
  const [chip, setChip] = useState<bigint | null>(null);
  /** The chips put on the board, in order (undo takes the last), for round `round`. */
  const [draft, setDraft] = useState<{ round: number; moves: [string, bigint][] }>({
    round: 0,
    moves: [],
  });
  const [placed, setPlaced] = useState<{ round: number; stakes: Stakes }>({ round: 0, stakes: {} });
  const [lastPlaced, setLastPlaced] = useState<Stakes>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [mine, setMine] = useState<LiveBet[]>([]);
  /** Roulette: what a tap on a number bets, and how many neighbours either side. */
  const [mode, setMode] = useState<InsideMode>('straight');
  const [around, setAround] = useState(2);
  const balance = useMemberBalance(token !== null);
  useDocumentTitle(state?.name ?? t('categories.LIVE'));

  useEffect(() => {
    const ctrl = new AbortController();
    getLiveTable(code, ctrl.signal)
      .then((s) => {
        setState(s);
        setOffset(Date.now() - Date.parse(s.live.serverNow));
      })
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setLoadProblem(errorText(t, e));
      });
    return () => ctrl.abort();
  }, [code, t]);

  const refreshMine = useCallback(() => {
    if (!token) return;
    getMyLiveBets(code)
      .then((m) => setMine(m.list))
      .catch(() => {});
  }, [code, token]);
  useEffect(refreshMine, [refreshMine]);

  const onEvent = useCallback(
    (event: LiveEvent) => {
      setState((s) => {
        if (!s) return s;
        if (event.type === 'bet')
          return event.table === s.code && event.round === s.live.round
            ? { ...s, totals: event.totals }
            : s;
        const next = applyLiveEvent(s, event);
        if (event.type === 'phase' && event.table === s.code && event.phase === 'betting')
          return { ...next, totals: {} };
        return next;
      });
      if (event.type === 'phase' || event.type === 'result')
        setOffset(Date.now() - Date.parse((event.type === 'phase' ? event : event.live).serverNow));
      if (event.type === 'result' && event.table === code) {
        setWinners(event.winners);
        void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
        refreshMine();
      }
      if (event.type === 'phase' && event.table === code && event.phase === 'betting')
        setWinners([]);
    },
    [code, queryClient, refreshMine],
  );
  const online = useLiveSocket(onEvent);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);

  const scale = 2;
  const limits = useMemo(
    () =>
      state
        ? {
            min: parseAmount(state.minBet, scale) ?? 1n,
            max: parseAmount(state.maxBet, scale) ?? 1n,
          }
        : null,
    [state],
  );
  const chips = useMemo(() => (limits ? chipsOf(limits.min, limits.max) : []), [limits]);
  if (loadProblem)
    return (
      <p className="live-problem" role="alert">
        {loadProblem}
      </p>
    );
  if (!state || !limits) return <div className="live-table is-loading" aria-busy="true" />;

  const serverNow = now - offset;
  const live = state.live;
  const phase = shownPhase(live, serverNow);
  const seconds = secondsLeft(live, serverNow);
  const open = phase === 'betting' && seconds > 0;
  const round = live.round;
  const moves = draft.round === round ? draft.moves : [];
  const pending: Stakes = moves.reduce<Stakes>((s, [spot, v]) => add(s, { [spot]: v }), {});
  const placedNow = placed.round === round ? placed.stakes : {};
  const chipValue = chip ?? chips[0]!;
  const dec = (v: bigint) => minorToDecimal(v, scale);
  /** A chip's face: whole units, thousands as "1K" (10,000.00 → "10K"). */
  const chipText = (v: bigint) => {
    const whole = v / 10n ** BigInt(scale);
    return whole >= 1000n && whole % 1000n === 0n
      ? `${fmt.count(whole / 1000n)}K`
      : fmt.count(whole);
  };
  const result = phase === 'result' || phase === 'dealing' ? live.result : null;
  const spotViews = new Map<string, SpotView>(
    state.spots.map((sp) => {
      const mineHere = (pending[sp.spot] ?? 0n) + (placedNow[sp.spot] ?? 0n);
      return [
        sp.spot,
        {
          spot: sp.spot,
          pays: sp.pays,
          total: state.totals[sp.spot] ? fmt.amount(state.totals[sp.spot]!) : null,
          mine: mineHere > 0n ? fmt.amount(dec(mineHere)) : null,
          winning: phase === 'result' && winningSpot(state, sp.spot, result),
        },
      ];
    }),
  );
  const pick = (spot: string) => {
    if (!open) return;
    setProblem(null);
    setDraft({ round, moves: [...moves, [spot, chipValue]] });
  };
  const setMoves = (next: [string, bigint][]) => setDraft({ round, moves: next });
  const pickMany = (list: [string, bigint][]) => {
    if (!open || list.length === 0) return;
    setProblem(null);
    setDraft({ round, moves: [...moves, ...list] });
  };
  /** A tap on the board: on a roulette number, the bet the chosen mode anchors there. */
  const tap = (spot: string) => {
    if (state.game !== 'roulette' || mode === 'straight' || !spot.startsWith('straight:'))
      return pick(spot);
    const n = Number(spot.slice('straight:'.length));
    if (mode === 'neighbours')
      return pickMany(neighbourSpots(n, around, chipValue).map((s) => [s.spot, s.amount]));
    const anchored = insideSpot(mode, n);
    if (anchored) pick(anchored);
    else setProblem(t('live.roulette.not_here'));
  };
  const onTable = Object.entries(add(placedNow, pending))
    .filter(
      ([spot, v]) => v > 0n && !/^(straight|column|dozen|red|black|odd|even|low|high)/.test(spot),
    )
    .map(([spot, v]): [string, string] => [spot, fmt.amount(dec(v))]);
  const confirm = async () => {
    if (total(pending) === 0n || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await placeLiveBet({
        table: code,
        round,
        requestId: newRequestId(),
        stakes: Object.entries(pending).map(([spot, v]) => ({ spot, amount: dec(v) })),
      });
      setPlaced({ round, stakes: add(placedNow, pending) });
      setLastPlaced(pending);
      setMoves([]);
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
      refreshMine();
    } catch (e) {
      setProblem(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  const cash = balance.data?.balance.find((b) => b.accountTypeId === 2)?.availBalance ?? null;
  const cardTable =
    state.shoe !== null ||
    state.game === 'baccarat' ||
    state.game === 'dragon-tiger' ||
    state.game === 'lucky9';
  const sides =
    state.game === 'dragon-tiger'
      ? { B: t('live.spots.dragon'), P: t('live.spots.tiger'), T: t('live.spots.tie') }
      : { B: t('live.spots.banker'), P: t('live.spots.player'), T: t('live.spots.tie') };

  return (
    <section className={`live-table is-${state.game}`} data-testid="live-table" data-table={code}>
      <header className="live-table-head">
        <Link to={paths.live.href()} className="live-back">
          {t('live.lobby')}
        </Link>
        <h1 className="live-table-name">{state.name}</h1>
        <span className="live-round" data-testid="live-round" data-round={round}>
          {t('live.round', { n: round })}
        </span>
        {state.shoe && (
          <span className="live-shoe" title={state.shoe.serverSeedHash}>
            {t('live.shoe_line', {
              shoe: state.shoe.shoe,
              hands: state.shoe.hands,
              left: state.shoe.cardsLeft,
            })}
          </span>
        )}
        <span
          className={`live-online${online ? ' is-on' : ''}`}
          aria-label={online ? t('live.online') : t('live.offline')}
        />
      </header>

      <div className="live-stage">
        <div
          className={`live-timer is-${phase}`}
          data-testid="live-timer"
          data-phase={phase}
          data-seconds={seconds}
          style={
            { '--left': `${open ? (seconds * 1000) / state.bettingMs : 0}` } as React.CSSProperties
          }
        >
          <span className="live-timer-count">{open ? seconds : ''}</span>
          <span className="live-timer-text">{t(`live.phase.${phase}`)}</span>
        </div>
        <DealView game={state.game} result={result} dealing={phase === 'dealing'} />
        {phase === 'result' && live.result && (
          <p className="live-verdict" data-testid="live-verdict" data-win={live.result.win ?? ''}>
            {verdictText(t, state, live.result)}
          </p>
        )}
      </div>

      <BetBoard game={state.game} spots={spotViews} disabled={!open || busy} onPick={tap} />
      {state.game === 'roulette' && (
        <RouletteExtras
          mode={mode}
          onMode={setMode}
          around={around}
          onAround={setAround}
          chip={chipValue}
          disabled={!open || busy}
          onStakes={pickMany}
          last={lastPlaced}
          onTable={onTable}
        />
      )}

      <div className="live-controls">
        <div className="chip-rack" role="radiogroup" aria-label={t('live.chips')}>
          {chips.map((c, i) => (
            <button
              key={c.toString()}
              type="button"
              role="radio"
              aria-checked={c === chipValue}
              className={`chip chip-${i}`}
              data-testid={`chip-${dec(c)}`}
              onClick={() => setChip(c)}
            >
              {chipText(c)}
            </button>
          ))}
        </div>
        <div className="live-actions">
          <button
            type="button"
            className="button"
            disabled={!open || moves.length === 0}
            onClick={() => setMoves(moves.slice(0, -1))}
            data-testid="live-undo"
          >
            {t('live.undo')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!open || total(lastPlaced) === 0n}
            onClick={() => setMoves([...moves, ...Object.entries(lastPlaced)])}
            data-testid="live-repeat"
          >
            {t('live.repeat')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!open || moves.length === 0}
            onClick={() => setMoves([...moves, ...moves])}
            data-testid="live-double"
          >
            {t('live.double')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={!open || busy || total(pending) === 0n || !token}
            onClick={() => void confirm()}
            data-testid="live-confirm"
          >
            {total(pending) > 0n
              ? t('live.confirm', { amount: fmt.money(dec(total(pending)), state.currency) })
              : t('live.bet')}
          </button>
        </div>
        <p className="live-line">
          {token
            ? cash !== null && (
                <span data-testid="live-balance" data-amount={cash}>
                  {t('live.balance', { amount: fmt.money(cash, state.currency) })}
                </span>
              )
            : t('originals.login_to_bet')}
          {total(placedNow) > 0n && (
            <span data-testid="live-placed" data-amount={dec(total(placedNow))}>
              {' · '}
              {t('live.placed', { amount: fmt.money(dec(total(placedNow)), state.currency) })}
            </span>
          )}
        </p>
        {problem && (
          <p className="live-problem" role="alert" data-testid="live-problem">
            {problem}
          </p>
        )}
      </div>

      {cardTable ? (
        <RoadBoard results={roadResults(state.results)} sides={sides} />
      ) : (
        <LiveHistory game={state.game} results={state.results} />
      )}

      <div className="live-lists">
        <section aria-labelledby="live-winners">
          <h2 id="live-winners" className="live-label">
            {t('live.winners')}
          </h2>
          <ul className="live-winners" data-testid="live-winners">
            {winners.length === 0 && <li className="live-empty">{t('live.no_winners')}</li>}
            {winners.slice(0, 10).map((w, i) => (
              <li key={i}>
                <span>{w.player}</span>
                <span>{fmt.money(w.payout, w.currency)}</span>
              </li>
            ))}
          </ul>
        </section>
        {token && (
          <section aria-labelledby="live-mine">
            <h2 id="live-mine" className="live-label">
              {t('live.my_bets')}
            </h2>
            <ul className="live-mine" data-testid="live-mine">
              {mine.length === 0 && <li className="live-empty">{t('live.no_bets')}</li>}
              {mine.slice(0, 10).map((b) => (
                <li
                  key={b.betId}
                  data-testid="live-mine-row"
                  data-round={b.round}
                  data-payout={b.payout ?? ''}
                >
                  <span>{t('live.round', { n: b.round })}</span>
                  <span>
                    {b.stakes
                      .map((s) => `${spotLabel(t, s.spot)} ${fmt.amount(s.amount)}`)
                      .join(', ')}
                  </span>
                  <span>
                    {b.payout === null ? t('live.pending') : fmt.money(b.payout, b.currency)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      {state.shoe && (
        <p className="live-fair">
          {t('live.fair_note', { hash: state.shoe.serverSeedHash })}{' '}
          {state.shoe.shoe > 1 && (
            <Link
              to={paths.liveShoe.href(code, state.shoe.shoe - 1)}
              data-testid="live-verify-last"
            >
              {t('live.verify_last')}
            </Link>
          )}
        </p>
      )}
    </section>
  );
}

/** Whether a spot won with this result (for the board's highlight). */
function winningSpot(
  state: LiveTableState,
  spot: string,
  result: LiveTableState['live']['result'],
): boolean {
  if (!result) return false;
  const o = result.outcome;
  switch (state.game) {
    case 'baccarat':
    case 'lucky9':
      return (
        (spot === 'player' && o.winner === 'player') ||
        (spot === 'banker' && o.winner === 'banker') ||
        (spot === 'tie' && (o.winner === 'tie' || o.winner === 'push')) ||
        (spot === 'player-pair' && result.playerPair) ||
        (spot === 'banker-pair' && result.bankerPair)
      );
    case 'dragon-tiger':
      return spot === o.winner || (spot === 'suited-tie' && o.suitedTie === true);
    case 'roulette':
      return spot === `straight:${result.pocket}`;
    case 'sic-bo':
      return spot === `total:${(o.total as number) ?? 0}`;
  }
}

function verdictText(
  t: TFunction,
  state: LiveTableState,
  result: NonNullable<LiveTableState['live']['result']>,
): string {
  if (state.game === 'roulette') return t('live.verdict.pocket', { n: result.pocket });
  if (state.game === 'sic-bo')
    return t('live.verdict.dice', {
      dice: (result.dice ?? []).join(' · '),
      n: result.outcome.total,
    });
  const w = String(result.outcome.winner);
  if (w === 'tie' || w === 'push') return t('live.verdict.tie');
  return t('live.verdict.wins', { side: spotLabel(t, w) });
}
