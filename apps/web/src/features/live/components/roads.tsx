import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveResult } from '@taya/contracts';
import {
  askRoad,
  beadPlate,
  bigRoad,
  bigRoadCells,
  derivedCells,
  derivedRoad,
  shoeStats,
  type RoadResult,
  type RoadSide,
} from '@taya/games';

const CELL = 12;
const ROWS = 6;

/** The shoe's results as the roads read them (card tables only; the rest have no `win`). */
export function roadResults(results: readonly LiveResult[]): RoadResult[] {
  return results.flatMap((r) =>
    r.win ? [{ win: r.win, bankerPair: r.bankerPair, playerPair: r.playerPair }] : [],
  );
}

/** A 6-row grid of `columns` columns, the newest columns kept in view. */
function Grid({
  columns,
  label,
  testId,
  children,
}: {
  columns: number;
  label: string;
  testId: string;
  children: React.ReactNode;
}) {
  const width = Math.max(columns, 1) * CELL;
  return (
    <svg
      className="road-grid"
      viewBox={`0 0 ${width} ${ROWS * CELL}`}
      width={width}
      height={ROWS * CELL}
      role="img"
      aria-label={label}
      data-testid={testId}
    >
      {Array.from({ length: Math.max(columns, 1) + 1 }, (_, x) => (
        <line
          key={`x${x}`}
          x1={x * CELL}
          y1={0}
          x2={x * CELL}
          y2={ROWS * CELL}
          className="road-line"
        />
      ))}
      {Array.from({ length: ROWS + 1 }, (_, y) => (
        <line key={`y${y}`} x1={0} y1={y * CELL} x2={width} y2={y * CELL} className="road-line" />
      ))}
      {children}
    </svg>
  );
}

const sideClass = (win: RoadSide | 'T') => (win === 'B' ? 'is-b' : win === 'P' ? 'is-p' : 'is-t');

/** The big road: hollow rings, a green slash for each tie after a win, pair dots. */
export function BigRoad({
  results,
  minColumns = 12,
  labels,
}: {
  results: readonly RoadResult[];
  minColumns?: number;
  labels: { title: string };
}) {
  const road = useMemo(() => bigRoad(results), [results]);
  const cells = useMemo(() => bigRoadCells(road, ROWS), [road]);
  const columns = Math.max(minColumns, ...cells.map((c) => c.x + 2));
  return (
    <Grid columns={columns} label={labels.title} testId="road-big">
      {cells.map((c, i) => (
        <g
          key={i}
          className={`road-ring ${sideClass(c.value.win)}`}
          data-cell={`${c.x},${c.y},${c.value.win}`}
        >
          <circle cx={c.x * CELL + CELL / 2} cy={c.y * CELL + CELL / 2} r={CELL / 2 - 2} />
          {c.value.ties + (i === 0 ? road.tiesBefore : 0) > 0 && (
            <line
              className="road-tie"
              x1={c.x * CELL + 2}
              y1={c.y * CELL + CELL - 2}
              x2={c.x * CELL + CELL - 2}
              y2={c.y * CELL + 2}
            />
          )}
          {c.value.bankerPair && (
            <circle className="road-dot is-b" cx={c.x * CELL + 3} cy={c.y * CELL + 3} r={1.6} />
          )}
          {c.value.playerPair && (
            <circle
              className="road-dot is-p"
              cx={c.x * CELL + CELL - 3}
              cy={c.y * CELL + CELL - 3}
              r={1.6}
            />
          )}
        </g>
      ))}
    </Grid>
  );
}

/** The bead plate: every hand, ties included, with its letter. */
export function BeadPlate({
  results,
  letters,
  label,
}: {
  results: readonly RoadResult[];
  letters: Record<RoadSide | 'T', string>;
  label: string;
}) {
  const cells = beadPlate(results, ROWS);
  const columns = Math.max(8, ...cells.map((c) => c.x + 1));
  return (
    <Grid columns={columns} label={label} testId="road-bead">
      {cells.map((c, i) => (
        <g key={i} className={`road-bead ${sideClass(c.result.win)}`}>
          <circle cx={c.x * CELL + CELL / 2} cy={c.y * CELL + CELL / 2} r={CELL / 2 - 1} />
          <text x={c.x * CELL + CELL / 2} y={c.y * CELL + CELL / 2 + 3} textAnchor="middle">
            {letters[c.result.win]}
          </text>
        </g>
      ))}
    </Grid>
  );
}

const derivedNames = ['bigEye', 'small', 'cockroach'] as const;

/** Big eye boy (rings), small road (dots) and cockroach pig (slashes). */
export function DerivedRoads({ results }: { results: readonly RoadResult[] }) {
  const { t } = useTranslation();
  const road = useMemo(() => bigRoad(results), [results]);
  return (
    <div className="road-derived">
      {derivedNames.map((name, k) => {
        const cells = derivedCells(derivedRoad(road, k + 1), ROWS);
        const columns = Math.max(8, ...cells.map((c) => c.x + 2));
        return (
          <Grid
            key={name}
            columns={columns}
            label={t(`live.roads.${name}`)}
            testId={`road-${name}`}
          >
            {cells.map((c, i) => {
              const cx = c.x * CELL + CELL / 2;
              const cy = c.y * CELL + CELL / 2;
              const cls = `road-derived-mark is-${c.value}`;
              return name === 'bigEye' ? (
                <circle key={i} className={`${cls} is-ring`} cx={cx} cy={cy} r={CELL / 2 - 2.5} />
              ) : name === 'small' ? (
                <circle key={i} className={`${cls} is-dot`} cx={cx} cy={cy} r={CELL / 2 - 2.5} />
              ) : (
                <line
                  key={i}
                  className={`${cls} is-slash`}
                  x1={cx - 4}
                  y1={cy + 4}
                  x2={cx + 4}
                  y2={cy - 4}
                />
              );
            })}
          </Grid>
        );
      })}
    </div>
  );
}

/** All five roads with the shoe's statistics and the "ask road" buttons (baccarat's board). */
export function RoadBoard({
  results,
  sides,
}: {
  results: readonly RoadResult[];
  /** The names of the red and blue sides (Banker/Player, Dragon/Tiger). */
  sides: { B: string; P: string; T: string };
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<RoadSide | null>(null);
  const shown = useMemo(
    () => (asking ? [...results, { win: asking }] : results),
    [results, asking],
  );
  const stats = shoeStats(results);
  const ask = (side: RoadSide) => askRoad(results, side);
  const letters = { B: sides.B.slice(0, 1), P: sides.P.slice(0, 1), T: sides.T.slice(0, 1) };
  return (
    <section className="road-board" aria-label={t('live.roads.title')}>
      <div className="road-stats" data-testid="road-stats">
        <span className="road-stat is-b">
          {sides.B} {stats.banker}
        </span>
        <span className="road-stat is-p">
          {sides.P} {stats.player}
        </span>
        <span className="road-stat is-t">
          {sides.T} {stats.tie}
        </span>
        <span className="road-stat">{t('live.roads.hands', { n: stats.hands })}</span>
      </div>
      <div className="road-scroll">
        <BeadPlate results={results} letters={letters} label={t('live.roads.bead')} />
        <BigRoad results={shown} labels={{ title: t('live.roads.big') }} />
      </div>
      <div className="road-scroll">
        <DerivedRoads results={shown} />
      </div>
      <div className="road-ask" role="group" aria-label={t('live.roads.ask')}>
        {(['B', 'P'] as const).map((side) => {
          const next = ask(side);
          return (
            <button
              key={side}
              type="button"
              className={`road-ask-button ${sideClass(side)}`}
              aria-pressed={asking === side}
              onClick={() => setAsking((a) => (a === side ? null : side))}
            >
              {t('live.roads.ask_side', { side: sides[side] })}
              <span className="road-ask-marks" aria-hidden="true">
                {derivedNames.map((n) => (
                  <i key={n} className={`road-ask-mark is-${next[n] ?? 'none'}`} />
                ))}
              </span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
