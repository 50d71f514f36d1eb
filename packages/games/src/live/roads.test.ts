import { describe, expect, it } from 'vitest';
import {
  askRoad,
  beadPlate,
  bigRoad,
  bigRoadCells,
  derivedCells,
  derivedRoad,
  shoeStats,
  type RoadResult,
} from './roads';

const seq = (s: string): RoadResult[] => s.split('').map((c) => ({ win: c as RoadResult['win'] }));

const R = 'red';
const B = 'blue';

describe('the vector GAMES.md §1.5 gives', () => {
  it('B,B,P,P,P,B: columns [2,3,1]; big eye red, blue, blue', () => {
    const road = bigRoad(seq('BBPPPB'));
    expect(road.lengths).toEqual([2, 3, 1]);
    expect(derivedRoad(road, 1)).toEqual([R, B, B]);
  });
});

/**
 * A worked shoe, derived by hand cell by cell from the rules of GAMES.md §1.5 (both wordings
 * agree on every cell):
 *
 *   T B B P P P B T P B B B B B B B P P B
 *
 * Big road (logical columns): B B | P P P | B (a tie on it) | P | B×7 | P P | B — lengths
 * [2, 3, 1, 1, 7, 2, 1], one tie before the first win. Entries e1 … e17 at (column, row):
 * e1 (0,0) e2 (0,1) e3 (1,0) e4 (1,1) e5 (1,2) e6 (2,0) e7 (3,0) e8–e14 (4,0–6) e15 (5,0)
 * e16 (5,1) e17 (6,0).
 *
 * Big eye boy (k = 1), from e4 (column 2, row 2: column 1 has two entries):
 *   e4 column 0 has row 1 → red; e5 column 0 ends at row 1 → blue; e6 L1=3 ≠ L0=2 → blue;
 *   e7 L2=1 ≠ L1=3 → blue; e8 L3=1 = L2=1 → red; e9 column 3 ends at row 0 → blue;
 *   e10–e14 past its end → red ×5; e15 L4=7 ≠ L3=1 → blue; e16 column 4 has row 1 → red;
 *   e17 L5=2 ≠ L4=7 → blue.
 * Small road (k = 2), from e7 (column 3 has one entry, so column 4 row 1):
 *   e7 L2=1 ≠ L0=2 → blue; e8 L3=1 ≠ L1=3 → blue; e9 column 2 ends at row 0 → blue;
 *   e10–e14 → red ×5; e15 L4=7 ≠ L2=1 → blue; e16 column 3 ends at row 0 → blue;
 *   e17 L5=2 ≠ L3=1 → blue.
 * Cockroach pig (k = 3), from e8 (column 4 has one entry, so column 5 row 1):
 *   e8 L3=1 ≠ L0=2 → blue; e9, e10 column 1 has rows 1, 2 → red, red; e11 column 1 ends at
 *   row 2 → blue; e12–e14 → red ×3; e15 L4=7 ≠ L1=3 → blue; e16 column 2 ends at row 0 → blue;
 *   e17 L5=2 ≠ L2=1 → blue.
 */
describe('a worked shoe, cell by cell', () => {
  const results = seq('TBBPPPBTPBBBBBBBPPB');
  const road = bigRoad(results);

  it('big road: logical columns, ties and the dragon tail', () => {
    expect(road.lengths).toEqual([2, 3, 1, 1, 7, 2, 1]);
    expect(road.tiesBefore).toBe(1);
    expect(road.entries.map((e) => [e.win, e.col, e.row, e.ties])).toEqual([
      ['B', 0, 0, 0],
      ['B', 0, 1, 0],
      ['P', 1, 0, 0],
      ['P', 1, 1, 0],
      ['P', 1, 2, 0],
      ['B', 2, 0, 1],
      ['P', 3, 0, 0],
      ['B', 4, 0, 0],
      ['B', 4, 1, 0],
      ['B', 4, 2, 0],
      ['B', 4, 3, 0],
      ['B', 4, 4, 0],
      ['B', 4, 5, 0],
      ['B', 4, 6, 0],
      ['P', 5, 0, 0],
      ['P', 5, 1, 0],
      ['B', 6, 0, 0],
    ]);
    // On the 6-row grid the seventh banker turns right along the bottom row.
    expect(bigRoadCells(road).map((c) => [c.x, c.y])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [1, 2],
      [2, 0],
      [3, 0],
      [4, 0],
      [4, 1],
      [4, 2],
      [4, 3],
      [4, 4],
      [4, 5],
      [5, 5],
      [5, 0],
      [5, 1],
      [6, 0],
    ]);
  });

  it('big eye boy', () => {
    expect(derivedRoad(road, 1)).toEqual([R, B, B, B, R, B, R, R, R, R, R, B, R, B]);
    expect(derivedCells(derivedRoad(road, 1)).map((c) => [c.x, c.y])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [1, 2],
      [2, 0],
      [3, 0],
      [4, 0],
      [4, 1],
      [4, 2],
      [4, 3],
      [4, 4],
      [5, 0],
      [6, 0],
      [7, 0],
    ]);
  });

  it('small road', () => {
    expect(derivedRoad(road, 2)).toEqual([B, B, B, R, R, R, R, R, B, B, B]);
  });

  it('cockroach pig', () => {
    expect(derivedRoad(road, 3)).toEqual([B, R, R, B, R, R, R, B, B, B]);
  });

  it('ask road: what the next banker or player win would add', () => {
    expect(askRoad(results, 'B')).toEqual({ bigEye: R, small: R, cockroach: B });
    expect(askRoad(results, 'P')).toEqual({ bigEye: B, small: B, cockroach: R });
    // Asking changes nothing: the roads of the shoe with that hand added agree.
    const withB = bigRoad([...results, { win: 'B' }]);
    expect(derivedRoad(withB, 1).at(-1)).toBe(R);
    expect(derivedRoad(withB, 3).at(-1)).toBe(B);
  });

  it('bead plate and statistics count every hand, ties included', () => {
    const withPairs: RoadResult[] = results.map((r, i) => ({
      ...r,
      bankerPair: i === 2,
      playerPair: i === 4 || i === 5,
    }));
    const beads = beadPlate(withPairs);
    expect(beads).toHaveLength(19);
    expect(beads[6]).toMatchObject({ x: 1, y: 0 });
    expect(beads[18]).toMatchObject({ x: 3, y: 0 });
    expect(shoeStats(withPairs)).toEqual({
      hands: 19,
      banker: 11,
      player: 6,
      tie: 2,
      bankerPair: 1,
      playerPair: 2,
    });
  });
});

describe('dragon tails', () => {
  it('a streak blocked by the tail above turns right a row higher, then drops back', () => {
    const road = bigRoad(seq('BBBBBBBBBPPPPPPPPPP'));
    const cells = bigRoadCells(road).map((c) => [c.x, c.y]);
    expect(cells.slice(0, 9)).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 5],
      [2, 5],
      [3, 5],
    ]);
    expect(cells.slice(9)).toEqual([
      [1, 0],
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
      [4, 5],
      [5, 5],
    ]);
  });

  it("nothing before a road's start point; only ties make no entry", () => {
    expect(derivedRoad(bigRoad(seq('BBBB')), 1)).toEqual([]);
    expect(bigRoad(seq('TTT')).entries).toEqual([]);
    expect(bigRoad(seq('TTT')).tiesBefore).toBe(3);
    expect(askRoad([], 'B')).toEqual({ bigEye: null, small: null, cockroach: null });
  });
});
