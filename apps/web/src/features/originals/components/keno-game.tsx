import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OriginalInfo } from '@taya/contracts';
import {
  KENO_DRAWN,
  KENO_MAX_PICKS,
  KENO_NUMBERS,
  KENO_RISKS,
  keno,
  kenoPayline,
  type KenoRisk,
} from '@taya/games';
import {
  autoPick,
  multiplierLabel,
  paysStake,
  returnPercent,
  revealedCount,
  sameParams,
  trimMultiplier,
} from '../lib/boards';
import { GameShell, type BoardView } from './game-shell';
import { RiskPicker } from './risk-picker';

const numbers = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
const revealMs = 1400;

/** The 40 numbers: the player's picks, and a round's draw revealed one number at a time. */
function KenoBoard({
  view,
  picks,
  risk,
  rtpBps,
  disabled,
  onToggle,
}: {
  view: BoardView;
  picks: readonly number[];
  risk: KenoRisk;
  rtpBps: number;
  disabled: boolean;
  onToggle: (n: number) => void;
}) {
  const { t } = useTranslation();
  const { round, revealing } = view;
  const shown = round && sameParams(round.params, { picks: [...picks], risk }) ? round : null;
  const drawn =
    shown && Array.isArray(shown.outcome.drawn) ? (shown.outcome.drawn as number[]) : [];
  const roundId = shown?.roundId ?? null;
  // How many drawn numbers are out while a round is revealed, written from animation frames.
  const [out, setOut] = useState<{ id: string; count: number } | null>(null);
  const frame = useRef(0);

  useEffect(() => {
    if (roundId === null || !revealing || view.revealMs === 0) return;
    const started = performance.now();
    const total = view.revealMs;
    const step = (now: number) => {
      const count = revealedCount(KENO_DRAWN, now - started, total);
      setOut((o) => (o?.id === roundId && o.count === count ? o : { id: roundId, count }));
      if (now - started < total) frame.current = requestAnimationFrame(step);
    };
    frame.current = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame.current);
  }, [roundId, revealing, view.revealMs]);

  const count = !revealing ? drawn.length : out?.id === roundId ? out.count : 0;
  const revealed = new Set(drawn.slice(0, count));
  const chosen = new Set(picks);
  const hits = drawn.slice(0, count).filter((n) => chosen.has(n)).length;
  const line = picks.length > 0 ? kenoPayline(risk, picks.length, rtpBps) : [];
  const settled = shown !== null && !revealing;

  return (
    <div
      className={`keno-board${settled ? (paysStake(shown.multiplier) ? ' is-win' : ' is-loss') : ''}`}
      data-testid="keno-board"
    >
      <div className="keno-grid" role="group" aria-label={t('originals.keno.board')}>
        {numbers.map((n) => {
          const isPick = chosen.has(n);
          const isDrawn = revealed.has(n);
          const state = isDrawn ? (isPick ? ' is-hit' : ' is-drawn') : isPick ? ' is-picked' : '';
          return (
            <button
              key={n}
              type="button"
              className={`keno-cell${state}`}
              aria-pressed={isPick}
              disabled={disabled || (!isPick && picks.length >= KENO_MAX_PICKS)}
              onClick={() => onToggle(n)}
              data-testid="keno-cell"
              data-number={n}
              data-state={state.trim() || undefined}
            >
              {n}
            </button>
          );
        })}
      </div>
      {line.length > 0 ? (
        <div className="keno-paytable" data-testid="keno-paytable">
          <span className="keno-paytable-title">{t('originals.keno.paytable')}</span>
          <ol>
            {line.map((m, h) => (
              <li
                key={h}
                className={
                  settled && h === hits
                    ? m.num >= m.den
                      ? 'is-hit'
                      : 'is-hit is-short'
                    : undefined
                }
                data-testid="keno-pay"
              >
                <span className="keno-pay-hits">{h}</span>
                <span className="keno-pay-x">{multiplierLabel(m)}×</span>
              </li>
            ))}
          </ol>
        </div>
      ) : (
        <p className="keno-empty">{t('originals.keno.pick_hint')}</p>
      )}
      <p className="keno-result" aria-live="polite" data-testid="keno-result">
        {settled
          ? `${t('originals.keno.hits', { hits, picks: picks.length })} · ${trimMultiplier(shown.multiplier)}×`
          : ''}
      </p>
    </div>
  );
}

/** Keno: pick 1–10 of 40 numbers; 10 are drawn; the paytable pays by the hits. */
export function KenoGame({
  info,
  title,
  demoFirst,
}: {
  info: OriginalInfo;
  title: string;
  demoFirst: boolean;
}) {
  const { t } = useTranslation();
  const rtpBps = info.rtpBps;
  const [picks, setPicks] = useState<number[]>([]);
  const [risk, setRisk] = useState<KenoRisk>('classic');
  const params = useMemo(() => (picks.length > 0 ? { picks, risk } : null), [picks, risk]);
  const toggle = (n: number) =>
    setPicks((list) =>
      list.includes(n)
        ? list.filter((x) => x !== n)
        : list.length < KENO_MAX_PICKS
          ? [...list, n].sort((a, b) => a - b)
          : list,
    );
  const pickRtp = params ? returnPercent(keno.rtp(params, rtpBps)) : null;

  const controls = ({ disabled }: { disabled: boolean }) => (
    <div className="og-stack">
      <RiskPicker
        risks={KENO_RISKS}
        value={risk}
        onChange={setRisk}
        disabled={disabled}
        testId="keno-risk"
      />
      <div className="og-pair">
        <button
          type="button"
          className="og-chip"
          disabled={disabled}
          onClick={() => setPicks(autoPick(picks.length || KENO_MAX_PICKS, KENO_NUMBERS))}
          data-testid="keno-auto-pick"
        >
          {t('originals.keno.auto_pick')}
        </button>
        <button
          type="button"
          className="og-chip"
          disabled={disabled || picks.length === 0}
          onClick={() => setPicks([])}
          data-testid="keno-clear"
        >
          {t('originals.keno.clear')}
        </button>
      </div>
      <p className="og-hint" data-testid="keno-picked">
        {t('originals.keno.picked', { n: picks.length, max: KENO_MAX_PICKS })}
      </p>
    </div>
  );

  return (
    <GameShell
      game="keno"
      title={title}
      info={info}
      demoFirst={demoFirst}
      params={params}
      board={(view) => (
        <KenoBoard
          view={view}
          picks={picks}
          risk={risk}
          rtpBps={rtpBps}
          disabled={view.busy}
          onToggle={toggle}
        />
      )}
      controls={controls}
      revealMs={revealMs}
      rules={
        <>
          <p>{t('originals.keno.rules_1')}</p>
          <p>{t('originals.keno.rules_2')}</p>
          {pickRtp ? (
            <p>
              {t('originals.selection_rtp')}{' '}
              <strong data-testid="og-selection-rtp">{pickRtp} %</strong>
            </p>
          ) : null}
        </>
      }
    />
  );
}
