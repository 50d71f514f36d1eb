import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CrashBet, CrashEvent, CrashLive, CrashRound, CrashState } from '@taya/contracts';
import { useMoney } from '../../../hooks/use-money';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { walletBalanceKey } from '../../../lib/query-keys';
import { newRequestId } from '../../../lib/request-id';
import { trialCustomerType, useCustomerType, useSessionToken } from '../../../lib/session';
import { useMemberBalance } from '../../../hooks/use-member-balance';
import { PanelTabs } from '../components/panel-tabs';
import { BetAmount } from '../components/bet-amount';
import { useSound } from '../lib/sound';
import { RoundTop } from '../components/round-top';
import { readStake, stakeLimits, stakeText } from '../lib/stake';
import { cashOut, crashDemoBalance, getCrashState, openCrashDemo, placeCrashBet } from './api';
import { CrashCanvas } from './crash-canvas';
import { useCrashSocket } from './use-crash-socket';

const atLeast2 = (m: string) => Number(m) >= 2;

/** The chain's public facts, which a new state brings. */
const chainOf = (
  s: Pick<
    CrashState,
    'salt' | 'saltSandbox' | 'saltBlockHeight' | 'terminatingHash' | 'chainLength'
  >,
) => ({
  salt: s.salt,
  saltSandbox: s.saltSandbox,
  saltBlockHeight: s.saltBlockHeight,
  terminatingHash: s.terminatingHash,
  chainLength: s.chainLength,
});

/** A sandbox salt travels to the verify page in its `params`, which label it. */
const sandboxParams = JSON.stringify({ saltSandbox: true });

/** /house/crash: the shared rounds, live over the WebSocket; `demoFirst` opens play money. */
export function CrashPage({ demoFirst }: { demoFirst: boolean }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const customerType = useCustomerType();
  const kind = !token ? 'guest' : customerType === trialCustomerType ? 'trial' : 'member';
  const title = t('originals.names.crash');
  useDocumentTitle(title);
  const sound = useSound();
  const [state, setState] = useState<CrashState | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [live, setLive] = useState<CrashLive | null>(null);
  const [offset, setOffset] = useState(0);
  const [bets, setBets] = useState<CrashBet[]>([]);
  const [history, setHistory] = useState<CrashRound[]>([]);
  const [flash, setFlash] = useState<CrashRound | null>(null);
  const [isDemo, setDemo] = useState(demoFirst || kind !== 'member');
  const [demo, setDemoSession] = useState<{ session: string; balance: string } | null>(null);
  const [stake, setStake] = useState('1.00');
  const [auto, setAuto] = useState('');
  const [mine, setMine] = useState<(CrashBet & { queued?: boolean }) | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [panel, setPanel] = useState<'history' | 'help' | 'fair'>('history');
  const balanceQuery = useMemberBalance(!isDemo);

  useEffect(() => {
    const ctrl = new AbortController();
    getCrashState(ctrl.signal)
      .then((s) => {
        setState(s);
        setLive(s.live);
        setOffset(Date.now() - Date.parse(s.live.serverNow));
        setBets(s.bets);
        setHistory(s.history);
      })
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setLoadProblem(errorText(t, e));
      });
    return () => ctrl.abort();
  }, [t]);

  const onEvent = useCallback(
    (event: CrashEvent) => {
      if (event.type === 'state') {
        // The chain may have changed (a new one, or its salt set) since the page loaded.
        setState((s) => (s ? { ...s, ...chainOf(event) } : s));
        setLive(event.live);
        setOffset(Date.now() - Date.parse(event.live.serverNow));
        setBets(event.bets);
        setHistory(event.history);
      } else if (event.type === 'phase') {
        setLive(event);
        setOffset(Date.now() - Date.parse(event.serverNow));
        if (event.phase === 'betting' || event.phase === 'waiting') {
          setBets((list) => list.filter((b) => b.round === event.round));
          setMine((m) => (m && m.round < event.round ? null : m));
        }
      } else if (event.type === 'bet' || event.type === 'cashout') {
        const { type: _type, ...bet } = event;
        void _type;
        setBets((list) => [bet, ...list.filter((b) => b.betId !== bet.betId)].slice(0, 200));
        setMine((m) => (m && m.betId === bet.betId ? { ...m, ...bet } : m));
      } else if (event.type === 'crashed') {
        const { type: _type, serverNow: _now, ...round } = event;
        void _type;
        void _now;
        setHistory((list) => [round, ...list.filter((r) => r.round !== round.round)].slice(0, 20));
        setFlash(round);
        setMine((m) => {
          if (m && m.round === round.round) {
            sound.play(
              m.cashout !== null && Number(m.cashout) <= Number(round.crashPoint) ? 'win' : 'lose',
            );
            if (!isDemo) void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
            else if (demo)
              void crashDemoBalance(demo.session)
                .then(setDemoSession)
                .catch(() => {});
          }
          return m;
        });
      }
    },
    [demo, isDemo, queryClient, sound],
  );
  const online = useCrashSocket(onEvent);

  // A round takes bets while the page knows no salt: the salt was just set, read it.
  const saltMissing = state !== null && state.salt === null;
  const betting = live?.phase === 'betting';
  useEffect(() => {
    if (!saltMissing || !betting) return;
    const ctrl = new AbortController();
    getCrashState(ctrl.signal)
      .then((s) => setState((was) => (was ? { ...was, ...chainOf(s) } : s)))
      .catch(() => {});
    return () => ctrl.abort();
  }, [saltMissing, betting]);

  const limits = useMemo(() => (state ? stakeLimits(state.minBet, state.maxBet) : null), [state]);
  const currency = isDemo ? 'DEMO' : (state?.currency ?? '');
  const balance = isDemo
    ? (demo?.balance ?? null)
    : (balanceQuery.data?.balance.find((b) => b.accountTypeId === 2)?.availBalance ?? null);

  // The crash shows for a moment, then the next round's betting.
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), 2_500);
    return () => clearTimeout(timer);
  }, [flash]);
  const phase = flash && live?.phase !== 'running' ? 'crashed' : (live?.phase ?? 'waiting');

  const ensureDemo = async () => {
    if (demo) return demo.session;
    const opened = await openCrashDemo();
    setDemoSession(opened);
    return opened.session;
  };

  // Play money shows its balance from the start.
  useEffect(() => {
    if (!isDemo || demo) return;
    openCrashDemo()
      .then(setDemoSession)
      .catch((e: unknown) => setProblem(errorText(t, e)));
  }, [isDemo, demo, t]);

  const placeBet = async () => {
    if (!limits || busy) return;
    setProblem(null);
    const minor = readStake(stake, limits);
    if (minor === null || minor <= 0n) return setProblem(t('originals.stake.invalid'));
    if (minor < limits.min)
      return setProblem(t('originals.stake.min', { amount: stakeText(limits.min, limits) }));
    if (minor > limits.max)
      return setProblem(t('originals.stake.max', { amount: stakeText(limits.max, limits) }));
    setBusy(true);
    try {
      const session = isDemo ? await ensureDemo() : undefined;
      const answer = await placeCrashBet({
        requestId: newRequestId(),
        amount: stakeText(minor, limits),
        ...(auto.trim() ? { autoCashout: auto.trim() } : {}),
        ...(session ? { demoSession: session } : {}),
      });
      setMine(answer);
      sound.play('bet');
      if (session) setDemoSession({ session, balance: answer.balance });
      else void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    } catch (e) {
      setProblem(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  const cashOutNow = async () => {
    if (busy || !mine) return;
    setBusy(true);
    try {
      const out = await cashOut({
        requestId: newRequestId(),
        ...(isDemo && demo ? { demoSession: demo.session } : {}),
      });
      setMine((m) => (m ? { ...m, ...out } : m));
    } catch (e) {
      setProblem(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  const myOpen = mine !== null && mine.round === live?.round;
  const canCashOut = phase === 'running' && myOpen && mine.cashout === null;
  const action = canCashOut ? 'cashout' : myOpen ? 'placed' : phase === 'running' ? 'next' : 'bet';
  const act = () => {
    if (action === 'cashout') void cashOutNow();
    else if (action === 'bet' || action === 'next') {
      if (kind === 'guest' && !isDemo) return;
      void placeBet();
    }
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const el = event.target as HTMLElement | null;
      if (el && ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) return;
      if (event.code === 'Space' && !event.repeat) {
        event.preventDefault();
        act();
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
  const startedLocal = live.startedAt ? Date.parse(live.startedAt) + offset : null;
  const endsLocal = live.bettingEndsAt ? Date.parse(live.bettingEndsAt) + offset : null;
  const buttonText =
    action === 'cashout'
      ? t('originals.crash.cash_out')
      : action === 'placed'
        ? mine?.cashout
          ? t('originals.crash.cashed_at', { multiplier: mine.cashout })
          : t('originals.crash.bet_placed')
        : action === 'next'
          ? t('originals.crash.bet_next')
          : t('originals.bet');

  return (
    <section
      className={`og og-crash${isDemo ? ' is-demo' : ''}`}
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
      >
        {state.salt === null ? (
          <p className="og-problem" role="status" data-testid="crash-salt-waiting">
            {state.saltBlockHeight === null
              ? t('originals.crash.salt_unpublished')
              : t('originals.crash.salt_waiting', { height: state.saltBlockHeight })}
          </p>
        ) : null}
      </RoundTop>
      <ol
        className="crash-recent"
        aria-label={t('originals.crash.recent')}
        data-testid="crash-recent"
      >
        {history.slice(0, 12).map((r) => (
          <li key={r.round} className={atLeast2(r.crashPoint) ? 'is-high' : 'is-low'}>
            {r.crashPoint}×
          </li>
        ))}
      </ol>
      <div className="og-stage">
        <div className="og-board-wrap">
          <CrashCanvas
            view={{
              phase,
              startedAt: startedLocal,
              crashed:
                phase === 'crashed' && flash ? Math.round(Number(flash.crashPoint) * 100) : null,
              bettingEndsAt: endsLocal,
              text: {
                betting: (s) => t('originals.crash.starts_in', { seconds: s }),
                crashed: t('originals.crash.crashed'),
                waiting: t('originals.crash.waiting'),
              },
            }}
          />
          <p className="og-hint" data-testid="crash-status" data-online={online ? 'yes' : 'no'}>
            {t('originals.crash.round', { round: live.round })}
          </p>
        </div>
        <div className="og-controls">
          <div className="og-modes" role="group" aria-label={t('originals.mode')}>
            <button
              type="button"
              aria-pressed={!isDemo}
              disabled={kind !== 'member' || myOpen}
              onClick={() => setDemo(false)}
              data-testid="og-mode-real"
            >
              {t('originals.play_real')}
            </button>
            <button
              type="button"
              aria-pressed={isDemo}
              disabled={myOpen}
              onClick={() => setDemo(true)}
              data-testid="og-mode-demo"
            >
              {t('originals.play_free')}
            </button>
          </div>
          <BetAmount
            value={stake}
            onChange={setStake}
            limits={limits}
            currency={currency}
            disabled={busy || myOpen}
            problem={null}
          />
          <label className="og-field">
            <span className="og-label">{t('originals.crash.auto_cashout')}</span>
            <input
              className="og-input"
              inputMode="decimal"
              value={auto}
              placeholder="2.00"
              onChange={(e) => setAuto(e.target.value)}
              disabled={busy || myOpen}
              data-testid="crash-auto"
            />
          </label>
          <button
            type="button"
            className={`button button-primary og-bet crash-action${action === 'cashout' ? ' is-cashout' : ''}`}
            onClick={act}
            disabled={busy || action === 'placed' || (kind === 'guest' && !isDemo)}
            data-testid="crash-action"
            data-action={action}
          >
            {buttonText}
          </button>
          {kind === 'guest' && !isDemo ? (
            <p className="og-hint">{t('originals.login_to_bet')}</p>
          ) : null}
          {problem ? (
            <p className="og-problem" role="alert" data-testid="og-problem">
              {problem}
            </p>
          ) : null}
          <h2 className="og-label">{t('originals.crash.players', { n: bets.length })}</h2>
          <ul className="crash-players" data-testid="crash-players">
            {bets.slice(0, 30).map((b) => (
              <li key={b.betId} className={b.cashout ? 'is-out' : ''}>
                <span>{b.player}</span>
                <span>{fmt.money(b.amount, b.currency)}</span>
                <span>{b.cashout ? `${b.cashout}×` : '—'}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="og-panels">
        <PanelTabs
          testIdPrefix="crash-tab"
          labels={{
            history: t('originals.crash.rounds'),
            help: t('originals.help.title'),
            fair: t('originals.fair.title'),
          }}
          selected={panel}
          onSelect={setPanel}
        >
          {panel === 'history' ? (
            <table className="crash-history" data-testid="crash-history">
              <tbody>
                {history.map((r) => (
                  <tr key={r.round}>
                    <td>#{r.round}</td>
                    <td className={atLeast2(r.crashPoint) ? 'is-high' : 'is-low'}>
                      {r.crashPoint}×
                    </td>
                    <td className="crash-hash">
                      <code>{r.hash.slice(0, 16)}…</code>
                    </td>
                    <td>
                      <Link
                        to={paths.originalsVerify.href({
                          game: 'crash',
                          serverSeed: r.hash,
                          nonce: String(r.game),
                          serverSeedHash: r.terminatingHash,
                          clientSeed: r.salt,
                          ...(r.saltSandbox ? { params: sandboxParams } : {}),
                        })}
                        data-testid="crash-verify-link"
                      >
                        {t('originals.fair.verify')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : panel === 'help' ? (
            <div className="og-help" data-testid="crash-help">
              <p>{t('originals.crash.rules_1')}</p>
              <p>{t('originals.crash.rules_2')}</p>
              <p>{t('originals.crash.edge')}</p>
              <p>
                {t('originals.help.limits', {
                  min: fmt.money(state.minBet, state.currency),
                  max: fmt.money(state.maxBet, state.currency),
                  profit: fmt.money(state.maxProfit, state.currency),
                })}
              </p>
              <p>{t('originals.crash.hotkey')}</p>
            </div>
          ) : (
            <div className="og-help" data-testid="crash-fair">
              <p>{t('originals.crash.fair_note')}</p>
              <p>
                {t('originals.crash.terminating')}:{' '}
                <code data-testid="crash-terminating">{state.terminatingHash}</code>
              </p>
              <p>
                {t('originals.crash.salt')}:{' '}
                {state.salt === null ? '—' : <code data-testid="crash-salt">{state.salt}</code>}
              </p>
              <p className="og-hint" data-testid="crash-salt-source">
                {state.saltSandbox
                  ? t('originals.crash.salt_sandbox')
                  : state.saltBlockHeight === null
                    ? t('originals.crash.salt_unpublished')
                    : t('originals.crash.salt_block', { height: state.saltBlockHeight })}
              </p>
            </div>
          )}
        </PanelTabs>
      </div>
    </section>
  );
}
