import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  colorGameColours,
  currencySymbolOf,
  type ColorBet,
  type ColorEvent,
  type ColorGameColour,
  type ColorHot,
  type ColorLive,
  type ColorRound,
  type ColorState,
} from '@taya/contracts';
import { settleColourGame } from '@taya/games';
import { useMoney } from '../../../hooks/use-money';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorText } from '../../../lib/error-text';
import { walletBalanceKey } from '../../../lib/query-keys';
import { newRequestId } from '../../../lib/request-id';
import { trialCustomerType, useCustomerType, useSessionToken } from '../../../lib/session';
import { useMemberBalance } from '../../../hooks/use-member-balance';
import { useSound } from '../lib/sound';
import { RoundTop } from '../components/round-top';
import { stakeLimits, stakeText, type StakeLimits } from '../lib/stake';
import { colorDemoBalance, getColorState, openColorDemo, placeColorBet } from './api';
import { ColorChute } from './color-chute';
import { ColorPanels } from './color-panels';
import { useColorSocket } from './use-color-socket';

type Stakes = Partial<Record<ColorGameColour, bigint>>;

/** The chips offered: the min bet × 1, 5, 10, 50, 100, within the max bet. */
function chipsOf(limits: StakeLimits): bigint[] {
  return [1n, 5n, 10n, 50n, 100n].map((k) => limits.min * k).filter((v) => v <= limits.max);
}

const sum = (stakes: Stakes) => Object.values(stakes).reduce((a, b) => a + (b ?? 0n), 0n);

/** What stakes pay on a throw (the engine's own count). */
function payoutOf(stakes: Stakes, dice: ColorRound['dice']): bigint {
  const bets = colorGameColours.flatMap((colour) =>
    stakes[colour] ? [{ colour, amount: stakes[colour] }] : [],
  );
  return settleColourGame(bets, { dice }).reduce((a, s) => a + s.payout, 0n);
}

/** /house/color-game: the shared timed rounds, live over the WebSocket; `demoFirst` opens play money. */
export function ColorGamePage({ demoFirst }: { demoFirst: boolean }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const customerType = useCustomerType();
  const kind = !token ? 'guest' : customerType === trialCustomerType ? 'trial' : 'member';
  const title = t('originals.names.color_game');
  useDocumentTitle(title);
  const sound = useSound();
  const [state, setState] = useState<ColorState | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [live, setLive] = useState<ColorLive | null>(null);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [bets, setBets] = useState<ColorBet[]>([]);
  const [history, setHistory] = useState<ColorRound[]>([]);
  const [hot, setHot] = useState<ColorHot | null>(null);
  const [winners, setWinners] = useState<{ player: string; payout: string; currency: string }[]>(
    [],
  );
  const [isDemo, setDemo] = useState(demoFirst || kind !== 'member');
  const [demo, setDemoSession] = useState<{ session: string; balance: string } | null>(null);
  const [chip, setChip] = useState<bigint | null>(null);
  /** The chips on the mat not placed yet, for the round `round`. */
  const [draft, setDraft] = useState<{ round: number; stakes: Stakes }>({ round: 0, stakes: {} });
  /** The stakes placed in the round `round`. */
  const [placed, setPlaced] = useState<{ round: number; stakes: Stakes } | null>(null);
  const [busy, setBusy] = useState(false);
  const [issue, setIssue] = useState<{ round: number; text: string } | null>(null);
  const balanceQuery = useMemberBalance(!isDemo);

  const adopt = useCallback((l: ColorLive) => {
    setLive(l);
    setOffset(Date.now() - Date.parse(l.serverNow));
  }, []);

  useEffect(() => {
    const ctrl = new AbortController();
    getColorState(ctrl.signal)
      .then((s) => {
        setState(s);
        adopt(s.live);
        setBets(s.bets);
        setHistory(s.history);
        setHot(s.hot);
      })
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setLoadProblem(errorText(t, e));
      });
    return () => ctrl.abort();
  }, [t, adopt]);

  const onEvent = useCallback(
    (event: ColorEvent) => {
      if (event.type === 'state') {
        adopt(event.live);
        setBets(event.bets);
        setHistory(event.history);
        setHot(event.hot);
      } else if (event.type === 'phase') {
        adopt(event);
        if (event.phase === 'betting') {
          setBets((list) => list.filter((b) => b.round === event.round));
          setWinners([]);
        }
      } else if (event.type === 'bet') {
        const { type: _type, ...bet } = event;
        void _type;
        setBets((list) => [bet, ...list.filter((b) => b.betId !== bet.betId)].slice(0, 200));
      } else if (event.type === 'result') {
        const { type: _type, live: l, hot: h, winners: w, ...round } = event;
        void _type;
        adopt(l);
        setHot(h);
        setWinners(w);
        setHistory((list) => [round, ...list.filter((r) => r.round !== round.round)].slice(0, 20));
      }
    },
    [adopt],
  );
  const online = useColorSocket(onEvent);

  // The clock the timer and the dice run on (the server's, by the offset seen).
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(timer);
  }, []);

  const limits = useMemo(() => (state ? stakeLimits(state.minBet, state.maxBet) : null), [state]);
  const chips = useMemo(() => (limits ? chipsOf(limits) : []), [limits]);
  const chipValue = chip ?? chips[0] ?? null;
  const currency = isDemo ? 'DEMO' : (state?.currency ?? '');
  const balance = isDemo
    ? (demo?.balance ?? null)
    : (balanceQuery.data?.balance.find((b) => b.accountTypeId === 2)?.availBalance ?? null);

  const serverNow = now - offset;
  const at = (iso: string | null) => (iso ? Date.parse(iso) : null);
  const bettingEnds = at(live?.bettingEndsAt ?? null);
  const rollingEnds = at(live?.rollingEndsAt ?? null);
  const phase: ColorLive['phase'] = !live
    ? 'waiting'
    : live.phase === 'betting'
      ? 'betting'
      : live.result && rollingEnds !== null && serverNow < rollingEnds
        ? 'rolling'
        : live.result
          ? 'result'
          : live.phase;
  const secondsLeft =
    phase === 'betting' && bettingEnds !== null
      ? Math.max(0, Math.ceil((bettingEnds - serverNow) / 1000))
      : 0;
  const open = phase === 'betting' && secondsLeft > 0;
  const result = phase === 'result' ? (live?.result ?? null) : null;
  const mine = placed && live && placed.round === live.round ? placed.stakes : {};
  const myTotal = sum(mine);
  const myWin = result && myTotal > 0n ? payoutOf(mine, result.dice) : null;
  const jackpot = result !== null && new Set(result.dice).size === 1;

  // A result in: the sound, then the balance (once the dice have landed).
  const resultRound = result?.round ?? null;
  useEffect(() => {
    if (resultRound === null) return;
    if (myWin !== null) sound.play(myWin > 0n ? 'win' : 'lose');
    if (!isDemo) void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    else if (demo)
      void colorDemoBalance(demo.session)
        .then(setDemoSession)
        .catch(() => {});
    // Only when a new result shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resultRound]);

  // A new round: the chips on the mat that were not placed go, and the last problem.
  const liveRound = live?.round ?? 0;
  const pending: Stakes = draft.round === liveRound ? draft.stakes : {};
  const setPending = (update: Stakes | ((p: Stakes) => Stakes)) =>
    setDraft((d) => {
      const current = d.round === liveRound ? d.stakes : {};
      return {
        round: liveRound,
        stakes: typeof update === 'function' ? update(current) : update,
      };
    });
  // A problem shows in its round; one of opening play money (round −1) until the next.
  const problem = issue && (issue.round === liveRound || issue.round === -1) ? issue.text : null;
  const setProblem = (text: string | null) =>
    setIssue(text === null ? null : { round: liveRound, text });

  // Play money shows its balance from the start.
  useEffect(() => {
    if (!isDemo || demo) return;
    openColorDemo()
      .then(setDemoSession)
      .catch((e: unknown) => setIssue({ round: -1, text: errorText(t, e) }));
  }, [isDemo, demo, t]);

  const table = useMemo(() => {
    const totals: Record<string, number> = {};
    for (const b of bets)
      for (const s of b.stakes) totals[s.colour] = (totals[s.colour] ?? 0) + Number(s.amount);
    return totals;
  }, [bets]);

  const addChip = (colour: ColorGameColour) => {
    if (!open || !chipValue || !limits) return;
    setProblem(null);
    setPending((p) => {
      const next = (p[colour] ?? 0n) + chipValue;
      return { ...p, [colour]: next > limits.max ? limits.max : next };
    });
    sound.play('bet');
  };

  const placeBet = async () => {
    if (!limits || busy || !open) return;
    const stakes = colorGameColours.flatMap((colour) =>
      pending[colour] ? [{ colour, amount: pending[colour] }] : [],
    );
    if (stakes.length === 0) return setProblem(t('originals.color.pick_colour'));
    if (kind === 'guest' && !isDemo) return;
    setProblem(null);
    setBusy(true);
    try {
      let session: string | undefined;
      if (isDemo) {
        session = demo?.session;
        if (!session) {
          const opened = await openColorDemo();
          setDemoSession(opened);
          session = opened.session;
        }
      }
      const answer = await placeColorBet({
        requestId: newRequestId(),
        stakes: stakes.map((s) => ({ colour: s.colour, amount: stakeText(s.amount, limits) })),
        ...(session ? { demoSession: session } : {}),
      });
      setPlaced((p) => {
        const base = p && p.round === answer.round ? p.stakes : {};
        const merged: Stakes = { ...base };
        for (const s of stakes) merged[s.colour] = (merged[s.colour] ?? 0n) + s.amount;
        return { round: answer.round, stakes: merged };
      });
      setPending({});
      if (session) setDemoSession({ session, balance: answer.balance });
      else void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    } catch (e) {
      setProblem(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const el = event.target as HTMLElement | null;
      if (el && ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const n = Number(event.key);
      if (Number.isInteger(n) && n >= 1 && n <= 6) {
        addChip(colorGameColours[n - 1]!);
      } else if ((event.key === 'Enter' || event.code === 'Space') && !event.repeat) {
        event.preventDefault();
        void placeBet();
      } else if (event.key === 'Escape' || event.key === 'Backspace') {
        setPending({});
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (loadProblem)
    return (
      <p className="og-problem" role="alert">
        {loadProblem}
      </p>
    );
  if (!state || !limits || !live) return <p className="og-hint">…</p>;
  const pendingTotal = sum(pending);
  const shown = (colour: ColorGameColour) =>
    result ? result.dice.filter((d) => d === colour).length : 0;
  const status =
    phase === 'betting'
      ? open
        ? t('originals.color.place_bets', { seconds: secondsLeft })
        : t('originals.color.closed')
      : phase === 'rolling'
        ? t('originals.color.rolling')
        : phase === 'result'
          ? jackpot
            ? t('originals.color.jackpot')
            : t('originals.color.result')
          : t('originals.color.waiting');
  const timerShare =
    phase === 'betting' && bettingEnds !== null
      ? Math.max(0, Math.min(1, (bettingEnds - serverNow) / state.bettingMs))
      : 0;
  const colourName = (c: ColorGameColour) => t(`originals.color.colours.${c}`);

  return (
    <section
      className={`og og-color${isDemo ? ' is-demo' : ''}`}
      data-testid="original-game"
      aria-label={title}
    >
      <RoundTop
        title={title}
        isDemo={isDemo}
        balance={balance}
        currency={currency}
        sound={sound}
        maintenance={state.maintenance}
      />
      <ol className="cg-recent" aria-label={t('originals.color.recent')} data-testid="cg-recent">
        {history.slice(0, 12).map((r) => (
          <li key={r.round} title={`#${r.round}`}>
            {r.dice.map((d, i) => (
              <span key={i} className={`cg-pip cg-${d}`} aria-label={colourName(d)} />
            ))}
          </li>
        ))}
      </ol>
      <div className="og-stage">
        <div className="og-board-wrap">
          <ColorChute
            phase={phase}
            dice={phase === 'rolling' || phase === 'result' ? (live.result?.dice ?? null) : null}
            rollMs={state.rollingMs}
            jackpot={jackpot}
            names={colourName}
            jackpotText={t('originals.color.jackpot_mark')}
          />
          <div
            className={`cg-status${jackpot ? ' is-jackpot' : ''}`}
            data-testid="cg-status"
            data-phase={phase}
            data-round={live.round}
            data-online={online ? 'yes' : 'no'}
          >
            <span>{t('originals.color.round', { round: live.round })}</span>
            <strong aria-live="polite">{status}</strong>
          </div>
          <div className="cg-timer" aria-hidden="true">
            <span style={{ transform: `scaleX(${timerShare})` }} />
          </div>
          {result && myWin !== null ? (
            <p
              className={`cg-outcome ${myWin > 0n ? 'is-win' : 'is-loss'}`}
              data-testid="cg-outcome"
              data-payout={stakeText(myWin, limits)}
            >
              {myWin > 0n
                ? t('originals.color.you_won', {
                    amount: fmt.money(stakeText(myWin, limits), currency),
                  })
                : t('originals.color.you_lost')}
            </p>
          ) : null}
        </div>
        <div className="og-controls">
          <div className="og-modes" role="group" aria-label={t('originals.mode')}>
            <button
              type="button"
              aria-pressed={!isDemo}
              disabled={kind !== 'member' || myTotal > 0n}
              onClick={() => setDemo(false)}
              data-testid="og-mode-real"
            >
              {t('originals.play_real')}
            </button>
            <button
              type="button"
              aria-pressed={isDemo}
              disabled={myTotal > 0n}
              onClick={() => setDemo(true)}
              data-testid="og-mode-demo"
            >
              {t('originals.play_free')}
            </button>
          </div>
          <div className="cg-mat" role="group" aria-label={t('originals.color.mat')}>
            {colorGameColours.map((colour, i) => {
              const m = shown(colour);
              const my = (mine[colour] ?? 0n) + (pending[colour] ?? 0n);
              return (
                <button
                  key={colour}
                  type="button"
                  className={`cg-square cg-${colour}${m > 0 ? ' is-hit' : ''}${result && m === 0 ? ' is-miss' : ''}`}
                  onClick={() => addChip(colour)}
                  disabled={!open || busy}
                  aria-label={`${colourName(colour)} (${i + 1})`}
                  data-testid={`cg-square-${colour}`}
                >
                  <span className="cg-square-name">{colourName(colour)}</span>
                  {m > 0 ? <span className="cg-square-hit">×{m + 1}</span> : null}
                  {my > 0n ? (
                    <span className="cg-stack" data-testid={`cg-stake-${colour}`}>
                      {stakeText(my, limits)}
                    </span>
                  ) : null}
                  {table[colour] ? (
                    <span className="cg-square-table">
                      {currencySymbolOf(state.currency)} {Math.round(table[colour])}
                    </span>
                  ) : null}
                </button>
              );
            })}
          </div>
          <div className="cg-chips" role="radiogroup" aria-label={t('originals.color.chip')}>
            {chips.map((c, i) => (
              <button
                key={c.toString()}
                type="button"
                role="radio"
                aria-checked={c === chipValue}
                className={`cg-chip cg-chip-${i}`}
                onClick={() => setChip(c)}
                data-testid={`cg-chip-${i}`}
              >
                {stakeText(c, limits).replace(/\.00$/, '')}
              </button>
            ))}
          </div>
          <div className="cg-actions">
            <button
              type="button"
              className="button"
              onClick={() => setPending({})}
              disabled={pendingTotal === 0n || busy}
              data-testid="cg-clear"
            >
              {t('originals.color.clear')}
            </button>
            <button
              type="button"
              className="button button-primary og-bet"
              onClick={() => void placeBet()}
              disabled={busy || !open || pendingTotal === 0n || (kind === 'guest' && !isDemo)}
              data-testid="cg-place"
            >
              {pendingTotal > 0n
                ? t('originals.color.place', {
                    amount: fmt.money(stakeText(pendingTotal, limits), currency),
                  })
                : t('originals.bet')}
            </button>
          </div>
          {myTotal > 0n ? (
            <p className="og-hint" data-testid="cg-placed" data-amount={stakeText(myTotal, limits)}>
              {t('originals.color.placed', {
                amount: fmt.money(stakeText(myTotal, limits), currency),
              })}
            </p>
          ) : null}
          {kind === 'guest' && !isDemo ? (
            <p className="og-hint">{t('originals.login_to_bet')}</p>
          ) : null}
          {problem ? (
            <p className="og-problem" role="alert" data-testid="og-problem">
              {problem}
            </p>
          ) : null}
          {winners.length > 0 && phase === 'result' ? (
            <>
              <h2 className="og-label">{t('originals.color.winners')}</h2>
              <ul className="cg-players is-winners" data-testid="cg-winners">
                {winners.slice(0, 10).map((w, i) => (
                  <li key={i}>
                    <span>{w.player}</span>
                    <span>{fmt.money(w.payout, w.currency)}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <>
              <h2 className="og-label">{t('originals.color.players', { n: bets.length })}</h2>
              <ul className="cg-players" data-testid="cg-players">
                {bets.slice(0, 20).map((b) => (
                  <li key={b.betId}>
                    <span>{b.player}</span>
                    <span className="cg-pips">
                      {b.stakes.map((s) => (
                        <span key={s.colour} className={`cg-pip cg-${s.colour}`} />
                      ))}
                    </span>
                    <span>{fmt.money(b.amount, b.currency)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
      <ColorPanels state={state} live={live} history={history} hot={hot} />
    </section>
  );
}
