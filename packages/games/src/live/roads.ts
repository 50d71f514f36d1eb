/**
 * The road maps of a baccarat (or dragon tiger) shoe (GAMES.md §1.5): bead plate, big road and
 * the three derived roads (big eye boy, small road, cockroach pig), all on 6-row grids, built from
 * the shoe's results in order. Pure; the server sends results, every page draws its own roads.
 *
 * Sides are generic: `B` is the red side (Banker, Dragon), `P` the blue side (Player, Tiger),
 * `T` a tie.
 */

export type RoadSide = 'B' | 'P';
export type RoadResult = { win: RoadSide | 'T'; bankerPair?: boolean; playerPair?: boolean };

/** A bead-plate cell: every hand, top to bottom then left to right in columns of `rows`. */
export interface BeadCell {
  x: number;
  y: number;
  result: RoadResult;
}

export function beadPlate(results: readonly RoadResult[], rows = 6): BeadCell[] {
  return results.map((result, i) => ({ x: Math.floor(i / rows), y: i % rows, result }));
}

/**
 * A big-road entry: a Banker or Player win at logical column `col` (the streak's number) and row
 * `row` (its place in the streak, unbounded), with the ties that followed it (ties before the
 * shoe's first win are counted on the first entry, `tiesBefore`) and its pairs.
 */
export interface BigRoadEntry {
  win: RoadSide;
  col: number;
  row: number;
  ties: number;
  bankerPair: boolean;
  playerPair: boolean;
}

export interface BigRoad {
  entries: BigRoadEntry[];
  /** Length of each logical column. */
  lengths: number[];
  /** Ties before the first win (drawn on the first cell once it appears). */
  tiesBefore: number;
}

export function bigRoad(results: readonly RoadResult[]): BigRoad {
  const entries: BigRoadEntry[] = [];
  const lengths: number[] = [];
  let tiesBefore = 0;
  for (const r of results) {
    const last = entries[entries.length - 1];
    if (r.win === 'T') {
      if (last) last.ties++;
      else tiesBefore++;
      continue;
    }
    const pairs = { bankerPair: !!r.bankerPair, playerPair: !!r.playerPair };
    if (last && last.win === r.win) {
      entries.push({ win: r.win, col: last.col, row: last.row + 1, ties: 0, ...pairs });
      lengths[last.col]!++;
    } else {
      const col = last ? last.col + 1 : 0;
      entries.push({ win: r.win, col, row: 0, ties: 0, ...pairs });
      lengths[col] = 1;
    }
  }
  return { entries, lengths, tiesBefore };
}

/** A cell on a drawn grid. */
export interface GridCell<T> {
  x: number;
  y: number;
  value: T;
}

/**
 * Lays a road's items on a grid of `rows` rows (GAMES.md §1.5): an item that continues its streak
 * goes one row down; a streak starts a new column at the top, right of the previous streak's
 * first cell; when the row below is past the bottom or already taken, the item goes right instead
 * (the dragon tail). Each item probes down first, then right, as in the placement GAMES.md names. `sameStreak(a, b)` says whether b continues a's streak.
 */
export function layOut<T>(
  items: readonly T[],
  sameStreak: (a: T, b: T) => boolean,
  rows = 6,
): GridCell<T>[] {
  const taken = new Set<string>();
  const key = (x: number, y: number) => `${x},${y}`;
  const cells: GridCell<T>[] = [];
  let streakX = -1;
  let prev: GridCell<T> | null = null;
  for (const value of items) {
    let x: number;
    let y: number;
    if (prev && sameStreak(prev.value, value)) {
      if (prev.y + 1 < rows && !taken.has(key(prev.x, prev.y + 1))) {
        x = prev.x;
        y = prev.y + 1;
      } else {
        x = prev.x + 1;
        y = prev.y;
      }
    } else {
      streakX++;
      // A new streak starts in the first column whose top cell is free (a dragon tail above
      // may have run along row 0 only when rows = 1).
      while (taken.has(key(streakX, 0))) streakX++;
      x = streakX;
      y = 0;
    }
    taken.add(key(x, y));
    const cell = { x, y, value };
    cells.push(cell);
    prev = cell;
  }
  return cells;
}

/** The big road drawn on its grid. */
export function bigRoadCells(road: BigRoad, rows = 6): GridCell<BigRoadEntry>[] {
  return layOut(road.entries, (a, b) => a.col === b.col, rows);
}

export type DerivedColour = 'red' | 'blue';

/** The three derived roads by their cycle: big eye boy 1, small road 2, cockroach pig 3. */
export const DERIVED_ROADS = { bigEye: 1, small: 2, cockroach: 3 } as const;
export type DerivedRoad = keyof typeof DERIVED_ROADS;

/**
 * The colour a big-road entry at logical (`col`, `row`) adds to the derived road of cycle `k`,
 * given the lengths of the logical columns before it, or null before the road's start point.
 * A new column compares the lengths of the two columns k apart just left of it (equal = red);
 * a continuing entry looks at the column k to its left: it has a cell at this row (red), this is
 * the first row past its end (blue), or further past it (red).
 */
export function derivedColour(
  lengths: readonly number[],
  col: number,
  row: number,
  k: number,
): DerivedColour | null {
  if (row === 0) {
    if (col - 1 - k < 0) return null;
    return lengths[col - 1] === lengths[col - 1 - k] ? 'red' : 'blue';
  }
  if (col - k < 0) return null;
  const p = lengths[col - k]!;
  if (row + 1 <= p) return 'red';
  return row + 1 === p + 1 ? 'blue' : 'red';
}

/** A derived road's colours in order, one per big-road entry from its start point on. */
export function derivedRoad(road: BigRoad, k: number): DerivedColour[] {
  const lengths: number[] = [];
  const out: DerivedColour[] = [];
  for (const e of road.entries) {
    lengths[e.col] = e.row + 1;
    const c = derivedColour(lengths, e.col, e.row, k);
    if (c) out.push(c);
  }
  return out;
}

/** A derived road drawn on its grid: a colour change starts a column, the same colour goes down. */
export function derivedCells(colours: readonly DerivedColour[], rows = 6) {
  return layOut(colours, (a, b) => a === b, rows);
}

/**
 * "Ask road": the colour each derived road would get if the next hand were won by `side`
 * (null where the road has not reached its start point).
 */
export function askRoad(
  results: readonly RoadResult[],
  side: RoadSide,
): Record<DerivedRoad, DerivedColour | null> {
  const road = bigRoad([...results, { win: side }]);
  const last = road.entries[road.entries.length - 1]!;
  const lengths = road.lengths.slice(0, last.col + 1);
  return {
    bigEye: derivedColour(lengths, last.col, last.row, 1),
    small: derivedColour(lengths, last.col, last.row, 2),
    cockroach: derivedColour(lengths, last.col, last.row, 3),
  };
}

/** Shoe statistics: hands, each result, pairs and naturals. */
export interface ShoeStats {
  hands: number;
  banker: number;
  player: number;
  tie: number;
  bankerPair: number;
  playerPair: number;
}

export function shoeStats(results: readonly RoadResult[]): ShoeStats {
  const s: ShoeStats = { hands: 0, banker: 0, player: 0, tie: 0, bankerPair: 0, playerPair: 0 };
  for (const r of results) {
    s.hands++;
    if (r.win === 'B') s.banker++;
    else if (r.win === 'P') s.player++;
    else s.tie++;
    if (r.bankerPair) s.bankerPair++;
    if (r.playerPair) s.playerPair++;
  }
  return s;
}
