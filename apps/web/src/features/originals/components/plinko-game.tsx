import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OriginalInfo } from '@taya/contracts';
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  plinko,
  plinkoBuckets,
  type PlinkoRisk,
} from '@taya/games';
import {
  ballAt,
  bucketColour,
  multiplierLabel,
  paysStake,
  plinkoGeometry,
  returnPercent,
  sameParams,
  trimMultiplier,
} from '../lib/boards';
import { GameShell, type BoardView } from './game-shell';
import { RiskPicker } from './risk-picker';

const rowChoices = Array.from(
  { length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 },
  (_, i) => PLINKO_MIN_ROWS + i,
);

/** The board: pins, the buckets coloured by what they pay, the ball along the round's path. */
function PlinkoBoard({
  view,
  rows,
  risk,
  rtpBps,
}: {
  view: BoardView;
  rows: number;
  risk: PlinkoRisk;
  rtpBps: number;
}) {
  const { t } = useTranslation();
  const { round, revealing, revealMs } = view;
  const geo = useMemo(() => plinkoGeometry(rows), [rows]);
  const buckets = useMemo(() => plinkoBuckets({ rows, risk }, rtpBps), [rows, risk, rtpBps]);
  const centre = buckets[Math.floor(rows / 2)]!;
  const edge = buckets[0]!;
  const shown = round && sameParams(round.params, { rows, risk }) ? round : null;
  const path = shown && Array.isArray(shown.outcome.path) ? (shown.outcome.path as number[]) : null;
  const bucket = shown ? Number(shown.outcome.bucket) : null;
  const roundId = shown?.roundId ?? null;
  // How far down the ball is while a round is revealed, written from animation frames only.
  const [fall, setFall] = useState<{ id: string; progress: number } | null>(null);
  const frame = useRef(0);

  useEffect(() => {
    if (roundId === null || !revealing || revealMs === 0) return;
    const started = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - started) / revealMs);
      setFall({ id: roundId, progress });
      if (progress < 1) frame.current = requestAnimationFrame(step);
    };
    frame.current = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame.current);
  }, [roundId, revealing, revealMs]);

  const progress = !revealing ? 1 : fall?.id === roundId ? fall.progress : 0;
  const ball = path ? ballAt(geo, path, progress) : null;
  const landed = shown !== null && !revealing;
  const labelSize = geo.vertical ? geo.gap * 0.62 : geo.gap * 0.46;

  return (
    <div
      className={`plinko-board${landed ? (paysStake(shown.multiplier) ? ' is-win' : ' is-loss') : ''}`}
      data-testid="plinko-board"
      data-rows={rows}
    >
      <svg
        viewBox={`0 0 ${geo.width} ${geo.height}`}
        className="plinko-svg"
        role="img"
        aria-label={t('originals.plinko.board', { rows })}
      >
        <defs>
          <radialGradient id="plinko-ball" cx="35%" cy="35%" r="70%">
            <stop offset="0%" stopColor="#fff7d6" />
            <stop offset="55%" stopColor="#fbbf24" />
            <stop offset="100%" stopColor="#d97706" />
          </radialGradient>
        </defs>
        <g className="plinko-pins">
          {Array.from({ length: rows }, (_, row) =>
            Array.from({ length: row + 3 }, (_, j) => {
              const p = geo.pin(row, j);
              return <circle key={`${row}-${j}`} cx={p.x} cy={p.y} r={geo.pinR} />;
            }),
          )}
        </g>
        <g className="plinko-buckets">
          {buckets.map((m, b) => {
            const label = multiplierLabel(m);
            const hit = landed && b === bucket;
            const w = geo.gap * 0.9;
            return (
              <g
                key={b}
                className={`plinko-bucket${hit ? ' is-hit' : ''}`}
                data-testid={hit ? 'plinko-hit' : undefined}
                data-bucket={b}
              >
                <rect
                  x={geo.bucketX(b) - w / 2}
                  y={geo.bucketY}
                  width={w}
                  height={geo.bucketH}
                  rx={geo.gap * 0.14}
                  fill={bucketColour(m, centre, edge)}
                />
                <text
                  x={geo.bucketX(b)}
                  y={geo.bucketY + geo.bucketH / 2}
                  fontSize={labelSize}
                  dominantBaseline="central"
                  textAnchor="middle"
                  {...(geo.vertical
                    ? {
                        transform: `rotate(-90 ${geo.bucketX(b)} ${geo.bucketY + geo.bucketH / 2})`,
                        ...(label.length >= 4
                          ? { textLength: geo.bucketH * 0.86, lengthAdjust: 'spacingAndGlyphs' }
                          : {}),
                      }
                    : label.length >= 3
                      ? { textLength: w * 0.86, lengthAdjust: 'spacingAndGlyphs' }
                      : {})}
                >
                  {label}
                </text>
              </g>
            );
          })}
        </g>
        {ball ? (
          <circle
            className={`plinko-ball${landed ? ' is-landed' : ''}`}
            cx={ball.x}
            cy={ball.y}
            r={geo.ballR}
            fill="url(#plinko-ball)"
          />
        ) : null}
      </svg>
      <p className="plinko-result" aria-live="polite" data-testid="plinko-result">
        {landed ? `${trimMultiplier(shown.multiplier)}×` : ''}
      </p>
    </div>
  );
}

/** Plinko: rows and risk; the ball falls along the path the server drew to its bucket. */
export function PlinkoGame({
  info,
  title,
  demoFirst,
}: {
  info: OriginalInfo;
  title: string;
  demoFirst: boolean;
}) {
  const { t } = useTranslation();
  const rowsId = useId();
  const rtpBps = info.rtpBps;
  const [rows, setRows] = useState(16);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const boardRtp = returnPercent(plinko.rtp({ rows, risk }, rtpBps));

  const controls = ({ disabled }: { disabled: boolean }) => (
    <div className="og-stack">
      <div className="og-field">
        <label className="og-label" htmlFor={rowsId}>
          {t('originals.plinko.rows')}
        </label>
        <select
          id={rowsId}
          className="og-input"
          value={rows}
          disabled={disabled}
          onChange={(e) => setRows(Number(e.target.value))}
          data-testid="plinko-rows"
        >
          {rowChoices.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <RiskPicker
        risks={PLINKO_RISKS}
        value={risk}
        onChange={setRisk}
        disabled={disabled}
        testId="plinko-risk"
      />
    </div>
  );

  return (
    <GameShell
      game="plinko"
      title={title}
      info={info}
      demoFirst={demoFirst}
      params={{ rows, risk }}
      board={(view) => <PlinkoBoard view={view} rows={rows} risk={risk} rtpBps={rtpBps} />}
      controls={controls}
      revealMs={1600}
      rules={
        <>
          <p>{t('originals.plinko.rules_1')}</p>
          <p>{t('originals.plinko.rules_2')}</p>
          <p>
            {t('originals.selection_rtp')}{' '}
            <strong data-testid="og-selection-rtp">{boardRtp} %</strong>
          </p>
        </>
      }
    />
  );
}
