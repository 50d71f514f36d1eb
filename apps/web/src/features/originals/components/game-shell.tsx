import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OriginalInfo, OriginalRound } from '@taya/contracts';
import { Icon } from '../../../components/icon';
import { Modal } from '../../../components/modal';
import { Tabs } from '../../../components/tabs';
import { useMoney } from '../../../hooks/use-money';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { walletBalanceKey } from '../../../lib/query-keys';
import { newRequestId } from '../../../lib/request-id';
import { trialCustomerType, useCustomerType, useSessionToken } from '../../../lib/session';
import { useMemberBalance } from '../api/balance';
import { useHistory } from '../api/history';
import { useOpenDemo, usePlaceBet } from '../api/place-bet';
import type { PlayableOriginal } from '../lib/engines';
import { originalKeys } from '../lib/query-keys';
import { hundredthsText } from '../lib/odds';
import { readStake, stakeLimits, stakeProblem, stakeText, adjustStake } from '../lib/stake';
import { useAutoBet } from '../lib/use-auto-bet';
import { useHotkeys } from '../lib/use-hotkeys';
import { useSound } from '../lib/sound';
import { AutoBetForm, emptyAutoBetDraft, readAutoBetDraft } from './auto-bet-form';
import { BetAmount } from './bet-amount';
import { FairnessPanel } from './fairness-panel';
import { HistoryTable } from './history-table';
import { RecentStrip } from './recent-strip';

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
  const gated = revealGate !== undefined;
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
      setRound(bet);
      if (revealGate) await revealGate(bet);
      else if (revealMs > 0) await wait(revealMs);
      settle(bet, demoSession !== undefined);
      return { stake: amount, payout: readStake(bet.payout, limits) ?? 0n };
    },
    [params, isDemo, demo, sound, place, limits, t, revealMs, settle, revealGate],
  );

  const auto = useAutoBet(betOnce, limits);
  const busy = revealing || place.isPending || auto.running;
  const ready = canPlay && params !== null && stakeIssue === null && !info.maintenance;

  const bet = useCallback(() => {
    if (busy) return;
    if (!isDemo && kind === 'guest') {
      void navigate(paths.login.href(), { state: { from: location } });
      return;
    }
    if (!ready || stakeMinor === null) return;
    betOnce(stakeMinor).catch(() => undefined);
  }, [busy, isDemo, kind, navigate, location, ready, stakeMinor, betOnce]);

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
            {tab === 'manual' ? (
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
            <div className="og-help" data-testid="og-help-panel">
              {props.rules}
              <p>
                {t('originals.help.rtp', { rtp: info.rtp })}{' '}
                <strong data-testid="og-rtp">{info.rtp} %</strong>
              </p>
              <p>
                {t('originals.help.limits', {
                  min: fmt.money(info.minBet, info.currency),
                  max: fmt.money(info.maxBet, info.currency),
                  profit: fmt.money(info.maxProfit, info.currency),
                })}
              </p>
              <p>{t('originals.help.fair')}</p>
            </div>
          )}
        </Tabs>
      </div>

      {hotkeysOpen ? (
        <Modal
          title={t('originals.hotkeys.title')}
          onClose={() => setHotkeysOpen(false)}
          testId="og-hotkeys-help"
        >
          <dl className="og-keys">
            <dt>
              <kbd>Space</kbd>
            </dt>
            <dd>{t('originals.hotkeys.bet')}</dd>
            <dt>
              <kbd>A</kbd>
            </dt>
            <dd>{t('originals.halve')}</dd>
            <dt>
              <kbd>S</kbd>
            </dt>
            <dd>{t('originals.double')}</dd>
          </dl>
        </Modal>
      ) : null}
    </section>
  );
}

function SoundIcon({ on }: { on: boolean }) {
  return (
    <svg
      className="icon"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M11 5 6 9H2v6h4l5 4V5z" />
      {on ? (
        <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
      ) : (
        <path d="m22 9-6 6M16 9l6 6" />
      )}
    </svg>
  );
}

function KeyboardIcon() {
  return (
    <svg
      className="icon"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />
    </svg>
  );
}
