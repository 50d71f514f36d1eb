import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OriginalInfo, OriginalStepRound } from '@taya/contracts';
import {
  MINES_MAX,
  MINES_MIN,
  MINES_TILES,
  minesMultiplier,
  multiplierText,
  payoutAt,
} from '@taya/games';
import { useMoney } from '../../../hooks/use-money';
import { shortMultiplier } from '../lib/rounds';
import { readStake, stakeLimits, stakeText } from '../lib/stake';
import { useStepRound } from '../lib/use-step-round';
import { GameShell, type BoardView } from './game-shell';
import { MinesTile } from './mines-tile';

const tiles = Array.from({ length: MINES_TILES }, (_, i) => i);
const quickCounts = [1, 3, 5, 10, 24];
/** How long an ended round's whole board shows before the next bet. */
const endMs = 900;

interface MinesOutcome {
  mineCount: number;
  revealed: number[];
  status: 'playing' | 'lost' | 'cashed';
  gems: number;
  mines: number[] | null;
}

function outcomeOf(round: OriginalStepRound | null): MinesOutcome | null {
  if (!round || !Array.isArray(round.outcome.revealed)) return null;
  return round.outcome as unknown as MinesOutcome;
}

/**
 * Mines (GAMES.md §9): a 5 × 5 board hides 1–24 mines. Bet opens a round; each tile opened is a
 * gem (the multiplier grows) or a mine (the stake is lost); cash out after any gem. When the
 * round ends the whole board shows. A round left open plays on when the page opens again.
 */
export function MinesGame(props: { info: OriginalInfo; title: string; demoFirst: boolean }) {
  const { info } = props;
  const { t } = useTranslation();
  const fmt = useMoney();
  const steps = useStepRound('mines', endMs);
  const [mineCount, setMineCount] = useState(3);
  const countId = useId();
  const limits = stakeLimits(info.minBet, info.maxBet);

  const round = steps.round;
  const outcome = outcomeOf(round);
  const open = round?.status === 'open';
  const gems = outcome?.gems ?? 0;
  const mineShown = open && outcome ? outcome.mineCount : mineCount;
  const roundStake = open && round ? readStake(round.amount, limits) : null;
  // Exact, from the engine at the merchant's rate: what a cash-out after `found` gems pays.
  const payoutAfter = (found: number): bigint | null =>
    roundStake === null || found < 1 || found > MINES_TILES - mineShown
      ? null
      : payoutAt(roundStake, minesMultiplier(mineShown, found, info.rtpBps));
  const cashOutPays = payoutAfter(gems);

  const board = (view: BoardView) => {
    // The page's own copy of the round is the newer one (the shell's updates when it settles).
    const shownRound =
      round?.roundId === view.round?.roundId ? round : (view.round as OriginalStepRound | null);
    const shown = outcomeOf(shownRound);
    const mines = new Set(shown?.mines ?? []);
    const revealed = new Set(shown?.revealed ?? []);
    const playing = shown?.status === 'playing' && open;
    const ended = shown !== null && shown.status !== 'playing';
    const reveal = (tile: number) => {
      if (!playing || steps.pending) return;
      void steps.act({ type: 'reveal', tile }).then((next) => {
        const o = outcomeOf(next);
        if (!o) return;
        view.play(o.status === 'lost' ? 'mine' : 'gem');
      });
    };
    const next = open && round ? (round.outcome.nextMultiplier as string | null) : null;
    const now = open && round ? (round.outcome.multiplier as string | null) : null;
    const profit =
      cashOutPays === null || roundStake === null
        ? null
        : stakeText(cashOutPays - roundStake, limits);
    return (
      <div
        className={`mines-board${ended ? (shown.status === 'lost' ? ' is-loss' : ' is-win') : ''}`}
        data-testid="mines-board"
        data-status={shown?.status ?? 'idle'}
      >
        <div className="mines-stats" aria-live="polite">
          <span>
            <span className="og-label">{t('originals.mines.next')}</span>
            <strong data-testid="mines-next">
              {next
                ? `${shortMultiplier(next)}×`
                : `${multiplierText(minesMultiplier(mineShown, 1, info.rtpBps), 2)}×`}
            </strong>
          </span>
          <span>
            <span className="og-label">{t('originals.mines.cashout_now')}</span>
            <strong data-testid="mines-now">{now ? `${shortMultiplier(now)}×` : '—'}</strong>
          </span>
          <span>
            <span className="og-label">{t('originals.mines.profit')}</span>
            <strong data-testid="mines-profit">
              {open && profit !== null ? fmt.amount(profit) : '—'}
            </strong>
          </span>
        </div>
        <div className="mines-grid" role="group" aria-label={t('originals.mines.board')}>
          {tiles.map((tile) => (
            <MinesTile
              key={tile}
              tile={tile}
              state={
                revealed.has(tile)
                  ? mines.has(tile)
                    ? 'boom'
                    : 'gem'
                  : ended
                    ? mines.has(tile)
                      ? 'mine'
                      : 'gem-dim'
                    : 'hidden'
              }
              disabled={!playing || steps.pending}
              onOpen={reveal}
            />
          ))}
        </div>
        <p className="mines-result" data-testid="mines-result">
          {ended && shownRound
            ? shown.status === 'lost'
              ? t('originals.mines.lost')
              : t('originals.mines.cashed', {
                  multiplier: shortMultiplier(shownRound.multiplier),
                  payout: fmt.amount(shownRound.payout),
                })
            : playing
              ? t('originals.mines.tap')
              : t('originals.mines.idle')}
        </p>
        {steps.problem ? (
          <p className="og-problem" role="alert" data-testid="mines-problem">
            {steps.problem}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <GameShell
      game="mines"
      title={props.title}
      info={info}
      demoFirst={props.demoFirst}
      params={{ mines: mineCount }}
      autoBet={false}
      revealMs={0}
      board={board}
      steps={{
        follow: steps.follow,
        resume: steps.resume,
        action: open
          ? {
              label:
                cashOutPays !== null
                  ? t('originals.mines.cash_out_amount', {
                      amount: fmt.amount(stakeText(cashOutPays, limits)),
                    })
                  : t('originals.mines.pick_first'),
              onClick: () => void steps.act({ type: 'cashout' }),
              disabled: gems === 0 || steps.pending,
              testId: 'mines-cashout',
            }
          : null,
      }}
      controls={({ disabled }) => (
        <div className="og-field mines-count">
          <label className="og-label" htmlFor={countId}>
            {t('originals.mines.count')}
          </label>
          <div className="mines-count-row">
            <select
              id={countId}
              className="og-input"
              value={mineShown}
              disabled={disabled || open}
              onChange={(e) => setMineCount(Number(e.target.value))}
              data-testid="mines-count"
            >
              {Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, i) => i + MINES_MIN).map(
                (n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ),
              )}
            </select>
            {quickCounts.map((n) => (
              <button
                key={n}
                type="button"
                className="og-chip"
                aria-pressed={mineShown === n}
                disabled={disabled || open}
                onClick={() => setMineCount(n)}
              >
                {n}
              </button>
            ))}
          </div>
        </div>
      )}
      rules={<MinesRules rtp={info.rtp} />}
    />
  );
}

function MinesRules({ rtp }: { rtp: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('originals.mines.rules_1')}</p>
      <p>{t('originals.mines.rules_2')}</p>
      <p>{t('originals.mines.rules_3', { rtp })}</p>
    </>
  );
}
