import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OriginalBet, OriginalInfo, OriginalRound } from '@taya/contracts';
import { Icon } from '../../../components/icon';
import { Tabs } from '../../../components/tabs';
import { useMoney } from '../../../hooks/use-money';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { walletBalanceKey } from '../../../lib/query-keys';
import { newRequestId } from '../../../lib/request-id';
import { trialCustomerType, useCustomerType, useSessionToken } from '../../../lib/session';
import { useMemberBalance } from '../../../hooks/use-member-balance';
import { useHistory } from '../api/history';
import { useOpenDemo, usePlaceBet } from '../api/place-bet';
import type { PlayableOriginal } from '../lib/engines';
import { originalKeys } from '../lib/query-keys';
import { hundredthsText } from '../lib/odds';
import { readStake, stakeLimits, stakeProblem, stakeText, adjustStake } from '../lib/stake';
import { useAutoBet } from '../lib/use-auto-bet';
import { useHotkeys } from '../lib/use-hotkeys';
import { useSound, type Cue } from '../lib/sound';
import { AutoBetForm, emptyAutoBetDraft, readAutoBetDraft } from './auto-bet-form';
import { BetAmount } from './bet-amount';
import { FairnessPanel } from './fairness-panel';
import { HistoryTable } from './history-table';
import { RecentStrip } from './recent-strip';
import { HelpPanel, HotkeysHelp, KeyboardIcon, SoundIcon } from './shell-parts';

/** What a game's board draws: the last round, and whether it is still being revealed. */
export interface BoardView {
  round: OriginalRound | null;
  /** The round before it, where the board's marker starts from. */
  previous: OriginalRound | null;
  revealing: boolean;
  /** How long the reveal lasts (0 with reduced motion). */
  revealMs: number;
  /** A bet or an auto-bet run is under way: the board's own inputs (keno's numbers) wait. */
  busy: boolean;
  /** Play money's session (null for real play): a game played in steps sends it with a move. */
  demoSession: string | null;
  /** Plays a sound cue (when the player has sound on). */
  play: (cue: Cue) => void;
}

/**
 * A game played in steps (mines, video poker): the bet opens a round that the player's moves end.
 * Its stake leaves the balance when the round opens; the round counts (recent results, sound,
 * history) once it ends.
 */
export interface ShellSteps {
  /** Plays an open round to its end (the board's moves); resolves with the settled round. */
  follow: (round: OriginalBet, demoSession: string | null) => Promise<OriginalBet>;
  /** The round left open (a reload, another tab), to play on; null when there is none. */
  resume: (demoSession: string | null) => Promise<OriginalBet | null>;
  /** While a round is open the main button (and Space) does this instead of betting. */
  action: { label: string; onClick: () => void; disabled: boolean; testId: string } | null;
  /** The game's own hotkeys, for the keyboard dialog. */
  hotkeys?: readonly { key: string; label: string }[];
}

export interface GameShellProps {
  game: PlayableOriginal;
  title: string;
  info: OriginalInfo;
  /** Open with play money (the tile's "Play for free"). */
  demoFirst: boolean;
  /** The bet's parameters from the game's form, or null while the form is not valid. */
  params: Record<string, unknown> | null;
  board: (view: BoardView) => ReactNode;
  /** The game's own fields; `stake` is the bet amount typed in (minor units). */
  controls: (ctx: { disabled: boolean; stake: bigint | null }) => ReactNode;
  rules: ReactNode;
  revealMs: number;
  /**
   * Ends a round's reveal instead of the `revealMs` wait (a scratch card: when the player has
   * scratched it). Until it resolves, neither the win nor the balances (this page's and the
   * header's) nor the history show the round.
   */
  revealGate?: (round: OriginalRound) => Promise<void>;
  /** The Bet button's text ("Buy card"); "Bet" when not given. */
  betLabel?: string;
  /** Offers auto-bet (the default); a game played by hand turns it off. */
  autoBet?: boolean;
  steps?: ShellSteps;
}

type Mode = 'real' | 'demo';
type Panel = 'history' | 'fairness' | 'help';
const recentCount = 24;
const wait = (ms: number) => new Promise<void>((done) => window.setTimeout(done, ms));

/**
 * Everything dice and limbo share around their board: balance, the stake with ½ ×2 min max, the
 * Bet button and hotkeys, auto-bet, sound, play money, recent results, history, fairness and
 * rules. Real play needs a member; a visitor's Bet opens the log-in popup.
 */
export function GameShell(props: GameShellProps) {
  const { game, info, params, revealMs: fullRevealMs, revealGate } = props;
  const { t } = useTranslation();
  const fmt = useMoney();
  const navigate = useNavigate();
  const location = useLocation();
  const token = useSessionToken();
  const customerType = useCustomerType();
  const kind = !token ? 'guest' : customerType === trialCustomerType ? 'trial' : 'member';
  const reduced = useReducedMotion();
  const revealMs = reduced ? 0 : fullRevealMs;
  const limits = useMemo(() => stakeLimits(info.minBet, info.maxBet), [info.minBet, info.maxBet]);
  const sound = useSound();
  // The rate the rounds are played at ("99.00"), which the verifier needs; `info.rtp` is the
  // exact return it gives, shown in the rules.
  const playedRtp = hundredthsText(info.rtpBps);

  const [mode, setMode] = useState<Mode>(props.demoFirst ? 'demo' : 'real');
  const [demo, setDemo] = useState<{ session: string; balance: string } | null>(null);
  const [realBalance, setRealBalance] = useState<string | null>(null);
  const [stake, setStake] = useState(info.minBet);
  const [round, setRound] = useState<OriginalRound | null>(null);
  const [revealing, setRevealing] = useState(false);
  const [recent, setRecent] = useState<OriginalRound[]>([]);
  const [demoRounds, setDemoRounds] = useState<OriginalRound[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [tab, setTab] = useState<'manual' | 'auto'>('manual');
  const [panel, setPanel] = useState<Panel>('history');
  const [hotkeysOpen, setHotkeysOpen] = useState(false);
  const [autoDraft, setAutoDraft] = useState(emptyAutoBetDraft);

  const isDemo = mode === 'demo';
  const member = kind === 'member';
  const wallet = useMemberBalance(member && !isDemo);
  const history = useHistory(game, member && !isDemo);
  const gated = revealGate !== undefined || props.steps !== undefined;
  const place = usePlaceBet(game, gated);
  const queryClient = useQueryClient();
  const openDemo = useOpenDemo(game);
  const { mutate: startDemo } = openDemo;

  useEffect(() => {
    if (mode === 'demo' && !demo && openDemo.isIdle) {
      startDemo(undefined, {
        onSuccess: (s) => setDemo({ session: s.session, balance: s.balance }),
      });
    }
  }, [mode, demo, openDemo.isIdle, startDemo]);

  const balance = isDemo
    ? (demo?.balance ?? null)
    : (realBalance ?? wallet.data?.sumBalance ?? null);
  const currency = isDemo ? 'DEMO' : info.currency;
  const stakeMinor = readStake(stake, limits);
  const balanceMinor = balance === null ? null : readStake(balance, limits);
  const stakeIssue = stakeProblem(stakeMinor, limits, isDemo || member ? balanceMinor : null);
  const canPlay = isDemo ? demo !== null : member;

  const settle = useCallback(
    (bet: OriginalRound & { balance: string }, demoBet: boolean) => {
      setRevealing(false);
      if (demoBet) {
        setDemo((d) => (d ? { ...d, balance: bet.balance } : d));
        setDemoRounds((list) => [bet, ...list].slice(0, 50));
      } else {
        setRealBalance(bet.balance);
        // A gated round held the header's balance and the history back until now.
        if (gated) {
          void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
          void queryClient.invalidateQueries({ queryKey: originalKeys.member(token) });
        }
      }
      setRecent((list) => [bet, ...list].slice(0, recentCount));
      sound.play(bet.win ? 'win' : 'lose');
    },
    [sound, gated, queryClient, token],
  );

  // The game's step hooks, read when a round opens (the object is new each render).
  const steps = useRef(props.steps);
  useEffect(() => {
    steps.current = props.steps;
  });

  /** A round played in steps: its stake is out of the balance now; it settles when it ends. */
  const followRound = useCallback(
    async (bet: OriginalBet, demoSession: string | null) => {
      setRound(bet);
      setRevealing(true);
      if (demoSession) setDemo((d) => (d ? { ...d, balance: bet.balance } : d));
      else {
        setRealBalance(bet.balance);
        void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
      }
      let final: OriginalBet;
      try {
        final = await steps.current!.follow(bet, demoSession);
      } catch (error) {
        setRevealing(false);
        setProblem(errorText(t, error));
        throw error;
      }
      setRound(final);
      settle(final, demoSession !== null);
      return final;
    },
    [queryClient, settle, t],
  );

  // On load (and on a switch to play money), play on a round left open.
  const resumeKey = props.steps && canPlay ? `${mode}:${demo?.session ?? ''}` : null;
  const resumed = useRef<string | null>(null);
  useEffect(() => {
    if (!resumeKey || resumed.current === resumeKey || !steps.current) return;
    resumed.current = resumeKey;
    const session = isDemo ? (demo?.session ?? null) : null;
    steps.current
      .resume(session)
      .then((open) => (open ? followRound(open, session) : null))
      .catch(() => undefined);
  }, [resumeKey, isDemo, demo, followRound]);

  const betOnce = useCallback(
    async (amount: bigint) => {
      if (!params) throw new Error('the form is not valid');
      const demoSession = isDemo ? demo?.session : undefined;
      if (isDemo && !demoSession) throw new Error('no demo session');
      setProblem(null);
      sound.play('bet');
      setRevealing(true);
      let bet;
      try {
        bet = await place.mutateAsync({
          requestId: newRequestId(),
          amount: stakeText(amount, limits),
          params,
          ...(demoSession ? { demoSession } : {}),
        });
      } catch (error) {
        setRevealing(false);
        setProblem(
          error instanceof ApiError && error.errorCode === 'insufficient_funds'
            ? t('errors.insufficient_funds')
            : errorText(t, error),
        );
        throw error;
      }
      if (steps.current) {
        const final = await followRound(bet, demoSession ?? null);
        return { stake: amount, payout: readStake(final.payout, limits) ?? 0n };
      }
      setRound(bet);
      if (revealGate) await revealGate(bet);
      else if (revealMs > 0) await wait(revealMs);
      settle(bet, demoSession !== undefined);
      return { stake: amount, payout: readStake(bet.payout, limits) ?? 0n };
    },
    [params, isDemo, demo, sound, place, limits, t, revealMs, settle, revealGate, followRound],
  );

  const auto = useAutoBet(betOnce, limits);
  const busy = revealing || place.isPending || auto.running;
  const ready = canPlay && params !== null && stakeIssue === null && !info.maintenance;

  const stepAction = props.steps?.action ?? null;
  const bet = useCallback(() => {
    if (stepAction) {
      if (!stepAction.disabled) stepAction.onClick();
      return;
    }
    if (busy) return;
    if (!isDemo && kind === 'guest') {
      void navigate(paths.login.href(), { state: { from: location } });
      return;
    }
    if (!ready || stakeMinor === null) return;
    betOnce(stakeMinor).catch(() => undefined);
  }, [stepAction, busy, isDemo, kind, navigate, location, ready, stakeMinor, betOnce]);

  const adjust = useCallback(
    (how: 'half' | 'double') => {
      if (!busy) setStake(stakeText(adjustStake(readStake(stake, limits), how, limits), limits));
    },
    [busy, stake, limits],
  );
  useHotkeys({ bet, half: () => adjust('half'), double: () => adjust('double') });

  const autoConfig = readAutoBetDraft(autoDraft, limits);
  const startAuto = () => {
    if (!autoConfig || stakeMinor === null || !ready) return;
    void auto.start(stakeMinor, autoConfig);
  };

  const problemText =
    stakeIssue === 'min'
      ? t('originals.stake.min', { amount: fmt.money(info.minBet, currency) })
      : stakeIssue === 'max'
        ? t('originals.stake.max', { amount: fmt.money(info.maxBet, currency) })
        : stakeIssue === 'funds' && canPlay
          ? t('errors.insufficient_funds')
          : stakeIssue === 'invalid'
            ? t('originals.stake.invalid')
            : null;
  const shownRounds = isDemo ? demoRounds : (history.data?.list ?? []);

  const switchMode = (next: Mode) => {
    if (auto.running || busy) return;
    setMode(next);
    setRound(null);
    setRecent([]);
    setProblem(null);
  };

  return (
    <section
      className={`og og-${game}${isDemo ? ' is-demo' : ''}`}
      data-testid="original-game"
      aria-label={props.title}
    >
      <header className="og-top">
        <div className="og-heading">
          <h1 className="og-title">{props.title}</h1>
          {isDemo ? (
            <strong className="og-demo-mark" data-testid="og-demo-mark">
              {t('originals.demo_mark')}
            </strong>
          ) : null}
        </div>
        <div className="og-balance" data-testid="og-balance-box">
          <span className="og-label">{t('originals.balance')}</span>
          <strong data-testid="og-balance">
            {balance === null ? '—' : fmt.money(balance, currency)}
          </strong>
        </div>
        <div className="og-tools">
          <button
            type="button"
            className="icon-button"
            aria-pressed={sound.on}
            aria-label={sound.on ? t('originals.sound_off') : t('originals.sound_on')}
            title={sound.on ? t('originals.sound_off') : t('originals.sound_on')}
            onClick={sound.toggle}
            data-testid="og-sound"
          >
            <SoundIcon on={sound.on} />
          </button>
          <button
            type="button"
            className="icon-button og-hotkeys-button"
            aria-label={t('originals.hotkeys.title')}
            title={t('originals.hotkeys.title')}
            onClick={() => setHotkeysOpen(true)}
            data-testid="og-hotkeys"
          >
            <KeyboardIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('originals.help.title')}
            title={t('originals.help.title')}
            onClick={() => {
              setPanel('help');
              document.getElementById('og-panels')?.scrollIntoView?.({ behavior: 'smooth' });
            }}
            data-testid="og-help"
          >
            <Icon name="help" />
          </button>
        </div>
      </header>
      {isDemo ? (
        <p className="og-demo-note" data-testid="og-demo-note">
          {t('originals.demo_note')}
        </p>
      ) : null}
      {info.maintenance ? (
        <p className="og-problem" role="alert">
          {t('errors.game_maintenance')}
        </p>
      ) : null}

      <div className="og-stage">
        <div className="og-board-wrap">
          {props.board({
            round,
            previous: recent.find((r) => r.roundId !== round?.roundId) ?? null,
            revealing,
            revealMs,
            busy,
            demoSession: isDemo ? (demo?.session ?? null) : null,
            play: sound.play,
          })}
          <RecentStrip rounds={recent} />
        </div>

        <div className="og-controls">
          <div className="og-modes" role="group" aria-label={t('originals.mode')}>
            <button
              type="button"
              aria-pressed={!isDemo}
              onClick={() => switchMode('real')}
              data-testid="og-mode-real"
            >
              {t('originals.play_real')}
            </button>
            <button
              type="button"
              aria-pressed={isDemo}
              onClick={() => switchMode('demo')}
              data-testid="og-mode-demo"
            >
              {t('originals.play_free')}
            </button>
          </div>
          <Tabs
            label={t('originals.bet_mode')}
            items={[
              { key: 'manual', label: t('originals.manual') },
              ...(props.autoBet === false
                ? []
                : [{ key: 'auto' as const, label: t('originals.auto.title') }]),
            ]}
            selected={tab}
            onSelect={(key) => !auto.running && setTab(key)}
          >
            <BetAmount
              value={stake}
              onChange={setStake}
              limits={limits}
              currency={currency}
              disabled={busy}
              problem={problemText}
            />
            {props.controls({ disabled: busy, stake: stakeMinor })}
            {stepAction ? (
              <button
                type="button"
                className="og-bet og-bet-step"
                disabled={stepAction.disabled}
                onClick={stepAction.onClick}
                data-testid={stepAction.testId}
              >
                {stepAction.label}
              </button>
            ) : tab === 'manual' ? (
              <button
                type="button"
                className="og-bet"
                disabled={busy || (canPlay && !ready) || (kind === 'trial' && !isDemo)}
                onClick={bet}
                data-testid="og-bet"
              >
                {!isDemo && kind === 'guest'
                  ? t('originals.login_to_bet')
                  : (props.betLabel ?? t('originals.bet'))}
              </button>
            ) : (
              <AutoBetForm
                draft={autoDraft}
                onDraft={setAutoDraft}
                running={auto.running}
                played={auto.run?.played ?? 0}
                profit={auto.run ? fmt.money(stakeText(auto.run.profit, limits), currency) : null}
                stopped={auto.stopped}
                canStart={ready && autoConfig !== null && !busy}
                onStart={startAuto}
                onStop={() => auto.stop('player')}
              />
            )}
            {kind === 'trial' && !isDemo ? (
              <p className="og-hint">{t('originals.trial_note')}</p>
            ) : null}
            {problem ? (
              <p className="og-problem" role="alert" data-testid="og-problem">
                {problem}
              </p>
            ) : null}
          </Tabs>
        </div>
      </div>

      <div className="og-panels" id="og-panels">
        <Tabs
          label={t('originals.panels')}
          items={[
            { key: 'history', label: t('originals.history.title') },
            { key: 'fairness', label: t('originals.fair.title') },
            { key: 'help', label: t('originals.help.title') },
          ]}
          selected={panel}
          onSelect={setPanel}
        >
          {panel === 'history' ? (
            <HistoryTable rounds={shownRounds} rtp={playedRtp} />
          ) : panel === 'fairness' ? (
            <FairnessPanel game={game} demo={isDemo} rounds={shownRounds} rtp={playedRtp} />
          ) : (
            <HelpPanel info={info}>{props.rules}</HelpPanel>
          )}
        </Tabs>
      </div>

      {hotkeysOpen ? (
        <HotkeysHelp extra={props.steps?.hotkeys ?? []} onClose={() => setHotkeysOpen(false)} />
      ) : null}
    </section>
  );
}
