import { describe, expect, it } from 'vitest';
import { fairRng, type Rng } from '../kernel/fairness';
import { enumerateDraws, scriptedRng } from '../originals/test-rng';
import {
  CALL_BET_NAMES,
  RED_NUMBERS,
  ROULETTE_ENGINE_ID,
  ROULETTE_RULES,
  ROULETTE_SPOTS,
  WHEEL_ORDER,
  callBetSpots,
  drawRoulette,
  neighbourSpots,
  parseRouletteSpot,
  pocketColour,
  rouletteSpotNumbers,
  rouletteSpotRtp,
  rouletteStats,
} from './roulette';
import { payBet } from './types';

const kindOf = (spot: string) => spot.split(':')[0]!;
const ofKind = (kind: string) => ROULETTE_SPOTS.filter((s) => kindOf(s) === kind);
const pay = (spot: string, amount: bigint, pocket: number) =>
  ROULETTE_RULES.pay(spot, amount, { pocket });

/** Net pays per kind, from GAMES.md §3.1's table. */
const NET: Record<string, bigint> = {
  straight: 35n,
  split: 17n,
  street: 11n,
  corner: 8n,
  line: 5n,
  column: 2n,
  dozen: 2n,
  red: 1n,
  black: 1n,
  odd: 1n,
  even: 1n,
  low: 1n,
  high: 1n,
};

/** A number's place on the layout: row 1–12, column 1–3. */
const place = (n: number) => ({ row: Math.ceil(n / 3), col: ((n - 1) % 3) + 1 });

describe('the wheel (GAMES.md §3.1)', () => {
  it('holds each pocket once, with 18 red, 18 black and a green zero', () => {
    expect(ROULETTE_ENGINE_ID).toBe('taya-roulette@1');
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    expect(WHEEL_ORDER.slice(0, 5)).toEqual([0, 32, 15, 19, 4]);
    expect(WHEEL_ORDER.at(-1)).toBe(26);
    const colours = WHEEL_ORDER.map(pocketColour);
    expect(colours.filter((c) => c === 'red')).toHaveLength(18);
    expect(colours.filter((c) => c === 'black')).toHaveLength(18);
    expect(pocketColour(0)).toBe('green');
    expect(pocketColour(32)).toBe('red');
    expect(pocketColour(17)).toBe('black');
    // Round the wheel, red and black alternate after zero.
    for (let i = 1; i < 36; i++) expect(colours[i]).not.toBe(colours[i + 1]);
    expect(RED_NUMBERS).toHaveLength(18);
    expect(() => pocketColour(37)).toThrow();
  });

  it('draws with exactly one rng.int(37): the pocket itself', () => {
    const calls: number[] = [];
    const rng: Rng = {
      int(n) {
        calls.push(n);
        return 17;
      },
    };
    expect(drawRoulette(rng)).toEqual({ pocket: 17 });
    expect(calls).toEqual([37]);
    expect(drawRoulette(scriptedRng([0]))).toEqual({ pocket: 0 });
    const seen: number[] = [];
    const runs = enumerateDraws(drawRoulette, (o, den) => {
      expect(den).toBe(37n);
      seen.push(o.pocket);
    });
    expect(runs).toBe(37);
    expect(seen).toEqual(Array.from({ length: 37 }, (_, i) => i));
  });

  it('spins the same pocket from the same seeds', () => {
    const seed = 'b'.repeat(64);
    const a = drawRoulette(fairRng(seed, 'table', 7));
    expect(drawRoulette(fairRng(seed, 'table', 7))).toEqual(a);
    expect(a.pocket).toBeGreaterThanOrEqual(0);
    expect(a.pocket).toBeLessThanOrEqual(36);
  });
});

describe('the spots', () => {
  it('counts every kind: 37 + 60 + 14 + 23 + 11 + 3 + 3 + 6 = 157', () => {
    expect(ofKind('straight')).toHaveLength(37);
    expect(ofKind('split')).toHaveLength(60);
    expect(ofKind('street')).toHaveLength(14);
    expect(ofKind('corner')).toHaveLength(23);
    expect(ofKind('line')).toHaveLength(11);
    expect(ofKind('column')).toEqual(['column:1', 'column:2', 'column:3']);
    expect(ofKind('dozen')).toEqual(['dozen:1', 'dozen:2', 'dozen:3']);
    expect(ROULETTE_SPOTS.slice(-6)).toEqual(['red', 'black', 'odd', 'even', 'low', 'high']);
    expect(ROULETTE_SPOTS).toHaveLength(157);
    expect(new Set(ROULETTE_SPOTS).size).toBe(157);
    expect(ROULETTE_RULES.spots).toBe(ROULETTE_SPOTS);
  });

  it('names each inside spot by its numbers, ascending', () => {
    for (const spot of ROULETTE_SPOTS) {
      const numbers = rouletteSpotNumbers(spot);
      expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
      if (spot.includes(':') && !/^(column|dozen)/.test(spot))
        expect(spot).toBe(`${kindOf(spot)}:${numbers.join('-')}`);
    }
  });

  it('has every pair adjacent on the layout as a split, and zero’s three', () => {
    const expected = ['split:0-1', 'split:0-2', 'split:0-3'];
    for (let a = 1; a <= 36; a++)
      for (let b = a + 1; b <= 36; b++) {
        const pa = place(a);
        const pb = place(b);
        if (Math.abs(pa.row - pb.row) + Math.abs(pa.col - pb.col) === 1)
          expected.push(`split:${a}-${b}`);
      }
    // 12 rows × 2 side-by-side + 11 × 3 one above the other + 3 with zero.
    expect(expected).toHaveLength(24 + 33 + 3);
    expect([...ofKind('split')].sort()).toEqual(expected.sort());
  });

  it('has every 2 × 2 square as a corner, plus the first four', () => {
    const expected = ['corner:0-1-2-3'];
    for (let row = 1; row <= 11; row++)
      for (let col = 1; col <= 2; col++) {
        const n = 3 * (row - 1) + col;
        expected.push(`corner:${[n, n + 1, n + 3, n + 4].join('-')}`);
      }
    expect([...ofKind('corner')].sort()).toEqual(expected.sort());
  });

  it('has the rows, the trios, the six-lines, columns, dozens and even-money spots', () => {
    expect(ofKind('street').slice(0, 2)).toEqual(['street:0-1-2', 'street:0-2-3']);
    expect(ofKind('street')).toContain('street:34-35-36');
    expect(ofKind('line')[0]).toBe('line:1-2-3-4-5-6');
    expect(ofKind('line').at(-1)).toBe('line:31-32-33-34-35-36');
    expect(rouletteSpotNumbers('column:1')).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(rouletteSpotNumbers('column:3')).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36]);
    expect(rouletteSpotNumbers('dozen:2')).toEqual(Array.from({ length: 12 }, (_, i) => 13 + i));
    expect(rouletteSpotNumbers('red')).toEqual([...RED_NUMBERS]);
    expect(rouletteSpotNumbers('black')).toEqual(
      Array.from({ length: 36 }, (_, i) => i + 1).filter((n) => !RED_NUMBERS.includes(n)),
    );
    expect(rouletteSpotNumbers('low')).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(rouletteSpotNumbers('high')).toEqual(Array.from({ length: 18 }, (_, i) => i + 19));
    expect(rouletteSpotNumbers('odd')).not.toContain(0);
    expect(rouletteSpotNumbers('even')).not.toContain(0);
    expect(() => rouletteSpotNumbers('split:1-5')).toThrow();
    // The returned list is a copy.
    rouletteSpotNumbers('red').push(0);
    expect(rouletteSpotNumbers('red')).not.toContain(0);
  });

  it('parses a spot to its canonical id', () => {
    expect(parseRouletteSpot('straight:17')).toBe('straight:17');
    expect(parseRouletteSpot('red')).toBe('red');
    expect(parseRouletteSpot('split:35-32')).toBe('split:32-35');
    expect(parseRouletteSpot('street:3-0-2')).toBe('street:0-2-3');
    expect(parseRouletteSpot('corner:29-28-26-25')).toBe('corner:25-26-28-29');
    for (const bad of [
      'straight:37',
      'straight:07',
      'split:1-3',
      'split:3-4',
      'street:1-2',
      'corner:1-2-3-4',
      'line:1-2-3-4-5-7',
      'column:4',
      'RED',
      'green',
      '',
      17,
      null,
      undefined,
    ])
      expect(parseRouletteSpot(bad)).toBeNull();
  });
});

describe('payouts', () => {
  it('pays a straight 36× and nothing else on zero', () => {
    const winners = ROULETTE_SPOTS.filter((s) => pay(s, 100n, 0) > 0n);
    expect(winners).toEqual([
      'straight:0',
      'split:0-1',
      'split:0-2',
      'split:0-3',
      'street:0-1-2',
      'street:0-2-3',
      'corner:0-1-2-3',
    ]);
    expect(winners.map((s) => pay(s, 100n, 0))).toEqual([
      3600n,
      1800n,
      1800n,
      1800n,
      1200n,
      1200n,
      900n,
    ]);
    for (const s of ['red', 'black', 'odd', 'even', 'low', 'high', 'column:1', 'dozen:1'])
      expect(pay(s, 100n, 0)).toBe(0n);
  });

  it('pays every kind on 1', () => {
    const cases: [string, bigint][] = [
      ['straight:1', 3600n],
      ['straight:2', 0n],
      ['split:0-1', 1800n],
      ['split:1-2', 1800n],
      ['split:1-4', 1800n],
      ['split:2-3', 0n],
      ['street:0-1-2', 1200n],
      ['street:0-2-3', 0n],
      ['street:1-2-3', 1200n],
      ['corner:0-1-2-3', 900n],
      ['corner:1-2-4-5', 900n],
      ['corner:2-3-5-6', 0n],
      ['line:1-2-3-4-5-6', 600n],
      ['line:4-5-6-7-8-9', 0n],
      ['column:1', 300n],
      ['column:2', 0n],
      ['dozen:1', 300n],
      ['dozen:2', 0n],
      ['red', 200n],
      ['black', 0n],
      ['odd', 200n],
      ['even', 0n],
      ['low', 200n],
      ['high', 0n],
    ];
    for (const [spot, paid] of cases) expect([spot, pay(spot, 100n, 1)]).toEqual([spot, paid]);
  });

  it('pays every kind on 17 (black, odd, low, column 2, dozen 2)', () => {
    const winners = ROULETTE_SPOTS.filter((s) => pay(s, 10n, 17) > 0n);
    expect(winners).toEqual([
      'straight:17',
      'split:14-17',
      'split:16-17',
      'split:17-18',
      'split:17-20',
      'street:16-17-18',
      'corner:13-14-16-17',
      'corner:14-15-17-18',
      'corner:16-17-19-20',
      'corner:17-18-20-21',
      'line:13-14-15-16-17-18',
      'line:16-17-18-19-20-21',
      'column:2',
      'dozen:2',
      'black',
      'odd',
      'low',
    ]);
    expect(winners.map((s) => pay(s, 10n, 17))).toEqual([
      360n,
      180n,
      180n,
      180n,
      180n,
      120n,
      90n,
      90n,
      90n,
      90n,
      60n,
      60n,
      30n,
      30n,
      20n,
      20n,
      20n,
    ]);
  });

  it('pays every kind on 36 (red, even, high, column 3, dozen 3)', () => {
    const winners = ROULETTE_SPOTS.filter((s) => pay(s, 1n, 36) > 0n);
    expect(winners).toEqual([
      'straight:36',
      'split:33-36',
      'split:35-36',
      'street:34-35-36',
      'corner:32-33-35-36',
      'line:31-32-33-34-35-36',
      'column:3',
      'dozen:3',
      'red',
      'even',
      'high',
    ]);
    expect(winners.map((s) => pay(s, 1n, 36))).toEqual([
      36n,
      18n,
      18n,
      12n,
      9n,
      6n,
      3n,
      3n,
      2n,
      2n,
      2n,
    ]);
  });

  it('pays stake × (net + 1) exactly when the pocket is covered, for every spot and pocket', () => {
    for (const spot of ROULETTE_SPOTS) {
      const numbers = rouletteSpotNumbers(spot);
      const net = NET[kindOf(spot)]!;
      expect(ROULETTE_RULES.maxMultiplier(spot)).toEqual({ num: net + 1n, den: 1n });
      for (let pocket = 0; pocket <= 36; pocket++)
        expect(pay(spot, 123_457n, pocket)).toBe(
          numbers.includes(pocket) ? 123_457n * (net + 1n) : 0n,
        );
    }
  });

  it('returns exactly 36/37 on every spot, enumerating the 37 pockets', () => {
    for (const spot of ROULETTE_SPOTS) {
      let paid = 0n;
      for (let pocket = 0; pocket <= 36; pocket++) paid += pay(spot, 1n, pocket);
      // Over 37 equally likely pockets a unit stake returns paid / 37.
      expect([spot, paid]).toEqual([spot, 36n]);
      expect(rouletteSpotRtp(spot)).toEqual({ num: 36n, den: 37n });
    }
  });

  it('pays a bet of several spots through payBet, and refuses unknown spots and pockets', () => {
    const stakes = [
      { spot: 'straight:17', amount: 5n },
      { spot: 'black', amount: 50n },
      { spot: 'red', amount: 50n },
    ];
    expect(payBet(ROULETTE_RULES, stakes, { pocket: 17 })).toBe(5n * 36n + 100n);
    expect(payBet(ROULETTE_RULES, stakes, { pocket: 0 })).toBe(0n);
    expect(() => pay('straight:37', 1n, 1)).toThrow();
    expect(() => pay('green', 1n, 0)).toThrow();
    expect(() => pay('red', 1n, 37)).toThrow();
    expect(() => pay('red', 1n, 1.5)).toThrow();
    expect(() => ROULETTE_RULES.maxMultiplier('split:1-5')).toThrow();
  });
});

describe('call bets and neighbours (GAMES.md §3.1)', () => {
  const covered = (stakes: { spot: string }[]) =>
    [...new Set(stakes.flatMap((s) => rouletteSpotNumbers(s.spot)))].sort((a, b) => a - b);
  const chips = (stakes: { amount: bigint }[], chip: bigint) =>
    stakes.reduce((n, s) => n + s.amount, 0n) / chip;
  const sorted = (ns: number[]) => [...ns].sort((a, b) => a - b);
  /** The pockets of the wheel from `from` clockwise to `to`. */
  const arc = (from: number, to: number) => {
    const out: number[] = [];
    for (let i = WHEEL_ORDER.indexOf(from); ; i = (i + 1) % 37) {
      out.push(WHEEL_ORDER[i]!);
      if (WHEEL_ORDER[i] === to) return out;
    }
  };

  it('places voisins du zéro: 9 chips over the 17 numbers from 22 to 25', () => {
    const v = callBetSpots('voisins', 10n);
    expect(v).toEqual([
      { spot: 'street:0-2-3', amount: 20n },
      { spot: 'split:4-7', amount: 10n },
      { spot: 'split:12-15', amount: 10n },
      { spot: 'split:18-21', amount: 10n },
      { spot: 'split:19-22', amount: 10n },
      { spot: 'split:32-35', amount: 10n },
      { spot: 'corner:25-26-28-29', amount: 20n },
    ]);
    expect(chips(v, 10n)).toBe(9n);
    expect(covered(v)).toEqual(sorted(arc(22, 25)));
    expect(covered(v)).toHaveLength(17);
  });

  it('places tiers, orphelins and jeu zéro', () => {
    const t = callBetSpots('tiers', 5n);
    expect(t.map((s) => s.spot)).toEqual([
      'split:5-8',
      'split:10-11',
      'split:13-16',
      'split:23-24',
      'split:27-30',
      'split:33-36',
    ]);
    expect(chips(t, 5n)).toBe(6n);
    expect(covered(t)).toEqual(sorted([27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33]));
    expect(covered(t)).toEqual(sorted(arc(27, 33)));

    const o = callBetSpots('orphelins', 5n);
    expect(o.map((s) => s.spot)).toEqual([
      'straight:1',
      'split:6-9',
      'split:14-17',
      'split:17-20',
      'split:31-34',
    ]);
    expect(chips(o, 5n)).toBe(5n);
    expect(covered(o)).toEqual(sorted([1, 20, 14, 31, 9, 17, 34, 6]));

    const z = callBetSpots('jeu-zero', 5n);
    expect(z.map((s) => s.spot)).toEqual([
      'split:0-3',
      'split:12-15',
      'split:32-35',
      'straight:26',
    ]);
    expect(chips(z, 5n)).toBe(4n);
    expect(covered(z)).toEqual(sorted([12, 35, 3, 26, 0, 32, 15]));
    expect(covered(z)).toEqual(sorted(arc(12, 15)));

    // Voisins, tiers and orphelins split the wheel between them.
    const all = [...covered(callBetSpots('voisins', 1n)), ...covered(t), ...covered(o)];
    expect(sorted(all)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    expect(CALL_BET_NAMES).toEqual(['voisins', 'tiers', 'orphelins', 'jeu-zero']);
  });

  it('pays a call bet through the table: voisins on 26 wins the corner', () => {
    const v = callBetSpots('voisins', 10n);
    expect(payBet(ROULETTE_RULES, v, { pocket: 26 })).toBe(20n * 9n);
    expect(payBet(ROULETTE_RULES, v, { pocket: 0 })).toBe(20n * 12n);
    expect(payBet(ROULETTE_RULES, v, { pocket: 1 })).toBe(0n);
  });

  it('refuses a chip of zero', () => {
    expect(() => callBetSpots('tiers', 0n)).toThrow();
    expect(() => callBetSpots('nope' as 'tiers', 1n)).toThrow();
  });

  it('places neighbours round the wheel, wrapping past zero', () => {
    expect(neighbourSpots(0, 2, 10n)).toEqual(
      [3, 26, 0, 32, 15].map((n) => ({ spot: `straight:${n}`, amount: 10n })),
    );
    expect(neighbourSpots(26, 1, 1n).map((s) => s.spot)).toEqual([
      'straight:3',
      'straight:26',
      'straight:0',
    ]);
    expect(neighbourSpots(32, 1, 1n).map((s) => s.spot)).toEqual([
      'straight:0',
      'straight:32',
      'straight:15',
    ]);
    const nine = neighbourSpots(17, 9, 1n);
    expect(nine).toHaveLength(19);
    // 17 sits ninth on the wheel, so nine to its left wrap past zero to 26.
    expect(nine.map((s) => Number(s.spot.split(':')[1]))).toEqual([
      26, 0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23,
    ]);
    expect(() => neighbourSpots(5, 0, 1n)).toThrow();
    expect(() => neighbourSpots(5, 10, 1n)).toThrow();
    expect(() => neighbourSpots(37, 1, 1n)).toThrow();
    expect(() => neighbourSpots(5, 1, 0n)).toThrow();
  });
});

describe('statistics', () => {
  it('counts a history of pockets with integers', () => {
    const history = [0, 1, 1, 17, 36, 36, 36, 2, 3, 0, 19];
    const s = rouletteStats(history);
    expect(s.spins).toBe(11);
    expect(s.counts).toHaveLength(37);
    expect(s.counts[36]).toBe(3);
    expect(s.counts[0]).toBe(2);
    expect(s.counts[5]).toBe(0);
    expect(s.hot).toEqual([36, 0, 1, 2, 3]);
    expect(s.cold).toEqual([4, 5, 6, 7, 8]);
    // Red: 1, 1, 36 ×3, 3, 19; black: 17, 2.
    expect([s.red, s.black, s.green]).toEqual([7, 2, 2]);
    expect([s.odd, s.even]).toEqual([5, 4]);
    expect([s.low, s.high]).toEqual([5, 4]);
    expect(s.dozens).toEqual([4, 2, 3]);
    // Columns: 1 → col 1 (×2), 19 → col 1, 17 → col 2, 2 → col 2, 36 → col 3 (×3), 3 → col 3.
    expect(s.columns).toEqual([3, 2, 4]);
  });

  it('leaves hot and cold empty without spins, and refuses a bad pocket', () => {
    const s = rouletteStats([]);
    expect(s.hot).toEqual([]);
    expect(s.cold).toEqual([]);
    expect(s.counts.every((c) => c === 0)).toBe(true);
    expect(() => rouletteStats([37])).toThrow();
  });

  it('breaks ties between hot or cold numbers by the lower number', () => {
    const history = [
      ...Array.from({ length: 37 }, (_, i) => i),
      ...Array.from({ length: 37 }, (_, i) => i),
    ];
    history.push(5, 5, 9);
    const s = rouletteStats(history);
    expect(s.hot).toEqual([5, 9, 0, 1, 2]);
    expect(s.cold).toEqual([0, 1, 2, 3, 4]);
  });
});
