import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { OriginalInfo } from '@taya/contracts';
import {
  clampDiceTarget,
  diceChance,
  diceChanceFor,
  multiplierOfPayout,
  diceMultiplier,
  dicePayout,
  diceTarget,
  hundredthsText,
  multiplierText,
  parseHundredths,
  parseMultiplier,
  type DiceDirection,
} from '../lib/odds';
import { readStake, stakeLimits, stakeText } from '../lib/stake';
import { GameShell, type BoardView } from './game-shell';
import { NumberField } from './number-field';

const ticks = [0, 25, 50, 75, 100];

/** Dice: roll 0.00–100.00, win under (or over) the target; the slider is the target. */
export function DiceGame({
  info,
  title,
  demoFirst,
}: {
  info: OriginalInfo;
  title: string;
  demoFirst: boolean;
}) {
  const { t } = useTranslation();
  const rtp = info.rtpBps;
  const limits = stakeLimits(info.minBet, info.maxBet);
  const [target, setTarget] = useState(5000);
  const [direction, setDirection] = useState<DiceDirection>('under');
  const chance = diceChance(target, direction);
  const multiplier = diceMultiplier(chance, rtp);

  const setChance = (next: number) =>
    setTarget(clampDiceTarget(diceTarget(next, direction), direction));
  const flip = () => {
    const next = direction === 'under' ? 'over' : 'under';
    // Flipping keeps the win chance: the target mirrors.
    setDirection(next);
    setTarget(diceTarget(chance, next));
  };

  const board = ({ round, previous, revealing, revealMs }: BoardView) => {
    const roll = round ? parseHundredths(String(round.outcome.roll)) : null;
    const from = previous ? parseHundredths(String(previous.outcome.roll)) : null;
    const settled = round !== null && !revealing;
    const winFrom = direction === 'under' ? 0 : target / 100;
    const winTo = direction === 'under' ? target / 100 : 100;
    return (
      <div className="dice-board" data-testid="dice-board">
        <div
          className={`dice-result${settled ? (round.win ? ' is-win' : ' is-loss') : ''}`}
          aria-live="polite"
          data-testid="dice-result"
        >
          {round ? (
            <span data-testid="dice-roll">{settled ? String(round.outcome.roll) : '…'}</span>
          ) : (
            <span className="dice-idle">50.00</span>
          )}
        </div>
        <div className="dice-track-wrap">
          <div className="dice-track" aria-hidden="true">
            <span className="dice-zone is-lose" />
            <span
              className="dice-zone is-win"
              style={{ left: `${winFrom}%`, width: `${winTo - winFrom}%` }}
            />
          </div>
          {roll !== null ? (
            <span
              key={round?.roundId}
              className={`dice-marker${settled ? (round?.win ? ' is-win' : ' is-loss') : ''}`}
              style={
                {
                  left: `${roll / 100}%`,
                  '--from': `${(from ?? 5000) / 100}%`,
                  animationDuration: `${revealMs}ms`,
                } as CSSProperties
              }
              aria-hidden="true"
            >
              <span className="dice-marker-cube">{String(round?.outcome.roll)}</span>
            </span>
          ) : null}
          <input
            type="range"
            className="dice-slider"
            min={0}
            max={10_000}
            step={1}
            value={target}
            disabled={revealing}
            aria-label={
              direction === 'under' ? t('originals.dice.roll_under') : t('originals.dice.roll_over')
            }
            aria-valuetext={hundredthsText(target)}
            onChange={(e) => setTarget(clampDiceTarget(Number(e.target.value), direction))}
            data-testid="dice-slider"
          />
          <ol className="dice-ticks" aria-hidden="true">
            {ticks.map((tick) => (
              <li key={tick} style={{ left: `${tick}%` }}>
                {tick}
              </li>
            ))}
          </ol>
        </div>
      </div>
    );
  };

  const controls = ({ disabled, stake }: { disabled: boolean; stake: bigint | null }) => (
    <div className="og-grid">
      <NumberField
        label={t('originals.multiplier')}
        value={multiplierText(multiplier)}
        suffix="×"
        disabled={disabled}
        onValue={(text) => {
          const m = parseMultiplier(text);
          if (m === null) return false;
          setChance(diceChanceFor(m, rtp));
          return true;
        }}
        testId="dice-multiplier"
      />
      <NumberField
        label={
          direction === 'under' ? t('originals.dice.roll_under') : t('originals.dice.roll_over')
        }
        value={hundredthsText(target)}
        disabled={disabled}
        onValue={(text) => {
          const v = parseHundredths(text);
          if (v === null || v > 10_000) return false;
          setTarget(clampDiceTarget(v, direction));
          return true;
        }}
        action={
          <button
            type="button"
            className="og-flip"
            disabled={disabled}
            onClick={flip}
            aria-label={t('originals.dice.flip')}
            title={t('originals.dice.flip')}
            data-testid="dice-flip"
          >
            ⇅
          </button>
        }
        testId="dice-target"
      />
      <NumberField
        label={t('originals.win_chance')}
        value={hundredthsText(chance)}
        suffix="%"
        disabled={disabled}
        onValue={(text) => {
          const v = parseHundredths(text);
          if (v === null) return false;
          setChance(v);
          return true;
        }}
        testId="dice-chance"
      />
      <NumberField
        label={t('originals.payout_on_win')}
        value={stake === null ? '' : stakeText(dicePayout(stake, chance, rtp), limits)}
        disabled={disabled || stake === null}
        onValue={(text) => {
          const p = readStake(text, limits);
          if (p === null || stake === null || stake <= 0n || p <= stake) return false;
          setChance(diceChanceFor(multiplierOfPayout(p, stake), rtp));
          return true;
        }}
        testId="dice-payout"
      />
    </div>
  );

  return (
    <GameShell
      game="dice"
      title={title}
      info={info}
      demoFirst={demoFirst}
      params={{ target: hundredthsText(target), direction }}
      board={board}
      controls={controls}
      revealMs={700}
      rules={
        <>
          <p>{t('originals.dice.rules_1')}</p>
          <p>{t('originals.dice.rules_2')}</p>
        </>
      }
    />
  );
}
