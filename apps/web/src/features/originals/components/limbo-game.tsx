import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OriginalInfo, OriginalRound } from '@taya/contracts';
import {
  hundredthsText,
  limboChance,
  limboPayout,
  limboTargetFor,
  limboTargetRange,
  parseHundredths,
} from '../lib/odds';
import { readStake, stakeLimits, stakeText } from '../lib/stake';
import { GameShell, type BoardView } from './game-shell';
import { NumberField } from './number-field';

/**
 * The multiplier shown while a limbo round is revealed: from 1.00× up to the drawn one, fast at
 * first and slowing as it lands (on a log scale, so 2× and 10,000× take the same time).
 */
export function countUpAt(result: number, progress: number): number {
  const p = Math.min(1, Math.max(0, progress));
  const eased = 1 - Math.pow(1 - p, 3);
  return Math.max(1, Math.exp(Math.log(Math.max(1, result)) * eased));
}

function LimboCounter({ round, revealing, revealMs, target }: BoardView & { target: number }) {
  const { t } = useTranslation();
  // The counter's value while a round is revealed, written from animation frames only.
  const [frameValue, setFrameValue] = useState<{ id: string; value: string } | null>(null);
  const frame = useRef(0);
  const result = round ? String(round.outcome.result) : null;
  const roundId = round?.roundId ?? null;

  useEffect(() => {
    if (result === null || roundId === null || revealMs === 0 || !revealing) return;
    const final = Number(result);
    const started = performance.now();
    const step = (now: number) => {
      const p = (now - started) / revealMs;
      setFrameValue({ id: roundId, value: p >= 1 ? result : countUpAt(final, p).toFixed(2) });
      if (p < 1) frame.current = requestAnimationFrame(step);
    };
    frame.current = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame.current);
  }, [result, roundId, revealMs, revealing]);

  const shown =
    result === null
      ? '1.00'
      : !revealing
        ? result
        : frameValue?.id === roundId
          ? frameValue.value
          : '1.00';
  const settled = round !== null && !revealing;
  const state = settled ? (round.win ? ' is-win' : ' is-loss') : revealing ? ' is-running' : '';
  return (
    <div className={`limbo-board${state}`} data-testid="limbo-board">
      <div className="limbo-rays" aria-hidden="true" />
      <div className="limbo-dial">
        <span className="limbo-value" data-testid="limbo-value" aria-hidden={revealing}>
          {shown}
          <small>×</small>
        </span>
        <span className="limbo-target">
          {t('originals.limbo.target')} {hundredthsText(target)}×
        </span>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {settled ? `${String(round.outcome.result)}×` : ''}
      </p>
      {settled ? (
        <span className="limbo-final" data-testid="limbo-result">
          {String((round as OriginalRound).outcome.result)}
        </span>
      ) : null}
    </div>
  );
}

/** Limbo: pick a target multiplier; a drawn multiplier at or above it pays the target. */
export function LimboGame({
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
  const [target, setTarget] = useState(200);
  const chance = limboChance(target, rtp);

  const controls = ({ disabled, stake }: { disabled: boolean; stake: bigint | null }) => (
    <div className="og-grid">
      <NumberField
        label={t('originals.limbo.target')}
        value={hundredthsText(target)}
        suffix="×"
        disabled={disabled}
        onValue={(text) => {
          const v = parseHundredths(text);
          if (v === null || v < limboTargetRange.min || v > limboTargetRange.max) return false;
          setTarget(v);
          return true;
        }}
        testId="limbo-target"
      />
      <NumberField
        label={t('originals.win_chance')}
        value={hundredthsText(chance)}
        suffix="%"
        disabled={disabled}
        onValue={(text) => {
          const v = parseHundredths(text);
          if (v === null || v <= 0) return false;
          setTarget(limboTargetFor(v, rtp));
          return true;
        }}
        testId="limbo-chance"
      />
      <NumberField
        label={t('originals.payout_on_win')}
        value={stake === null ? '' : stakeText(limboPayout(stake, target), limits)}
        disabled={disabled || stake === null}
        onValue={(text) => {
          const p = readStake(text, limits);
          if (p === null || stake === null || stake <= 0n) return false;
          const next = Number((p * 100n) / stake);
          if (next < limboTargetRange.min || next > limboTargetRange.max) return false;
          setTarget(next);
          return true;
        }}
        testId="limbo-payout"
      />
    </div>
  );

  return (
    <GameShell
      game="limbo"
      title={title}
      info={info}
      demoFirst={demoFirst}
      params={{ target: hundredthsText(target) }}
      board={(view) => <LimboCounter {...view} target={target} />}
      controls={controls}
      revealMs={900}
      rules={
        <>
          <p>{t('originals.limbo.rules_1')}</p>
          <p>{t('originals.limbo.rules_2')}</p>
        </>
      }
    />
  );
}
