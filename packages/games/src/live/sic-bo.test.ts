import { describe, expect, it } from 'vitest';
import { fairRng, type Rng } from '../kernel/fairness';
import { fraction } from '../originals/exact';
import { enumerateDraws } from '../originals/test-rng';
import type { Multiplier } from '../originals/types';
import {
  SIC_BO_ENGINE_ID,
  SIC_BO_RULES,
  SIC_BO_SPOTS,
  drawSicBo,
  parseSicBoSpot,
  sicBoSpotRtp,
  sicBoStats,
  type SicBoDice,
} from './sic-bo';
import { payBet } from './types';

const pay = (spot: string, amount: bigint, dice: SicBoDice) =>
  SIC_BO_RULES.pay(spot, amount, { dice });

/** Every spot that wins on `dice`, with what a stake of 10 pays. */
const winners = (dice: SicBoDice) =>
  SIC_BO_SPOTS.map((spot) => [spot, pay(spot, 10n, dice)] as const).filter(([, p]) => p > 0n);

/** All 216 ordered throws. */
const ALL: SicBoDice[] = [];
for (let a = 1; a <= 6; a++)
  for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) ALL.push([a, b, c]);

/** A house edge 1 − rtp in percent, rounded half up to two decimals ("2.78"). */
const edgeText = (rtp: Multiplier) => {
  const v = (2n * (rtp.den - rtp.num) * 10_000n + rtp.den) / (2n * rtp.den);
  return `${v / 100n}.${(v % 100n).toString().padStart(2, '0')}`;
};

describe('the throw', () => {
  it('uses three rng.int(6), in order, each + 1', () => {
    expect(SIC_BO_ENGINE_ID).toBe('taya-sicbo@1');
    const calls: number[] = [];
    const answers = [0, 5, 2];
    const rng: Rng = {
      int(n) {
        calls.push(n);
        return answers[calls.length - 1]!;
      },
    };
    expect(drawSicBo(rng)).toEqual({ dice: [1, 6, 3] });
    expect(calls).toEqual([6, 6, 6]);
  });

  it('reaches each of the 216 ordered throws once, equally likely', () => {
    const seen = new Set<string>();
    const runs = enumerateDraws(drawSicBo, (o, den) => {
      expect(den).toBe(216n);
      seen.add(o.dice.join(''));
    });
    expect(runs).toBe(216);
    expect(seen.size).toBe(216);
  });

  it('throws the same dice from the same seeds', () => {
    const seed = 'c'.repeat(64);
    const a = drawSicBo(fairRng(seed, 'table', 3));
    expect(drawSicBo(fairRng(seed, 'table', 3))).toEqual(a);
    for (const d of a.dice) expect(d >= 1 && d <= 6).toBe(true);
  });
});

describe('the spots', () => {
  it('lists 52 spots in board order', () => {
    expect(SIC_BO_SPOTS.slice(0, 4)).toEqual(['small', 'big', 'odd', 'even']);
    expect(SIC_BO_SPOTS.filter((s) => s.startsWith('total:'))).toEqual(
      Array.from({ length: 14 }, (_, i) => `total:${i + 4}`),
    );
    expect(SIC_BO_SPOTS.filter((s) => s.startsWith('triple:'))).toHaveLength(6);
    expect(SIC_BO_SPOTS).toContain('any-triple');
    expect(SIC_BO_SPOTS.filter((s) => s.startsWith('double:'))).toHaveLength(6);
    const combos = SIC_BO_SPOTS.filter((s) => s.startsWith('combo:'));
    expect(combos).toHaveLength(15);
    expect(combos[0]).toBe('combo:1-2');
    expect(combos.at(-1)).toBe('combo:5-6');
    expect(SIC_BO_SPOTS.filter((s) => s.startsWith('single:'))).toHaveLength(6);
    expect(SIC_BO_SPOTS).toHaveLength(52);
    expect(new Set(SIC_BO_SPOTS).size).toBe(52);
    expect(SIC_BO_RULES.spots).toBe(SIC_BO_SPOTS);
  });

  it('parses a spot to its canonical id', () => {
    expect(parseSicBoSpot('small')).toBe('small');
    expect(parseSicBoSpot('total:17')).toBe('total:17');
    expect(parseSicBoSpot('combo:2-5')).toBe('combo:2-5');
    expect(parseSicBoSpot('combo:5-2')).toBe('combo:2-5');
    for (const bad of [
      'combo:2-2',
      'combo:0-1',
      'total:3',
      'total:18',
      'triple:7',
      'double:0',
      'single:7',
      'Small',
      'triple',
      '',
      3,
      null,
    ])
      expect(parseSicBoSpot(bad)).toBeNull();
  });
});

describe('payouts (GAMES.md §3.2, Macau table)', () => {
  it('pays a triple of ones: the triple, any triple, the double and the single; not small or odd', () => {
    expect(winners([1, 1, 1])).toEqual([
      ['triple:1', 1510n],
      ['any-triple', 250n],
      ['double:1', 90n],
      ['single:1', 40n],
    ]);
  });

  it('pays 2, 2, 5 (total 9)', () => {
    expect(winners([2, 2, 5])).toEqual([
      ['small', 20n],
      ['odd', 20n],
      ['total:9', 70n],
      ['double:2', 90n],
      ['combo:2-5', 60n],
      ['single:2', 30n],
      ['single:5', 20n],
    ]);
    // The order of the dice does not matter.
    expect(winners([5, 2, 2])).toEqual(winners([2, 2, 5]));
  });

  it('pays 1, 3, 6 (total 10): three combinations once each', () => {
    expect(winners([1, 3, 6])).toEqual([
      ['small', 20n],
      ['even', 20n],
      ['total:10', 70n],
      ['combo:1-3', 60n],
      ['combo:1-6', 60n],
      ['combo:3-6', 60n],
      ['single:1', 20n],
      ['single:3', 20n],
      ['single:6', 20n],
    ]);
  });

  it('pays a triple of sixes: big and even lose, the specific triple pays 151×', () => {
    expect(winners([6, 6, 6])).toEqual([
      ['triple:6', 1510n],
      ['any-triple', 250n],
      ['double:6', 90n],
      ['single:6', 40n],
    ]);
    expect(pay('big', 10n, [6, 6, 6])).toBe(0n);
    expect(pay('even', 10n, [6, 6, 6])).toBe(0n);
    expect(pay('combo:5-6', 10n, [6, 6, 6])).toBe(0n);
  });

  it('pays 4, 5, 6 (total 15)', () => {
    expect(winners([4, 5, 6])).toEqual([
      ['big', 20n],
      ['odd', 20n],
      ['total:15', 150n],
      ['combo:4-5', 60n],
      ['combo:4-6', 60n],
      ['combo:5-6', 60n],
      ['single:4', 20n],
      ['single:5', 20n],
      ['single:6', 20n],
    ]);
  });

  it('pays each total its table price', () => {
    const net: Record<number, bigint> = {
      4: 50n,
      5: 18n,
      6: 14n,
      7: 12n,
      8: 8n,
      9: 6n,
      10: 6n,
      11: 6n,
      12: 6n,
      13: 8n,
      14: 12n,
      15: 14n,
      16: 18n,
      17: 50n,
    };
    for (const dice of ALL) {
      const total = dice[0] + dice[1] + dice[2];
      for (let t = 4; t <= 17; t++)
        expect(pay(`total:${t}`, 3n, dice)).toBe(t === total ? 3n * (net[t]! + 1n) : 0n);
    }
  });

  it('rounds nothing away: every pay is a whole multiple of the stake', () => {
    for (const spot of SIC_BO_SPOTS)
      for (const dice of ALL) expect(pay(spot, 7n, dice) % 7n).toBe(0n);
  });

  it('never pays above maxMultiplier, and reaches it', () => {
    const max: Record<string, bigint> = {
      small: 2n,
      'total:4': 51n,
      'total:10': 7n,
      'triple:3': 151n,
      'any-triple': 25n,
      'double:4': 9n,
      'combo:1-6': 6n,
      'single:2': 4n,
    };
    for (const [spot, m] of Object.entries(max))
      expect(SIC_BO_RULES.maxMultiplier(spot)).toEqual({ num: m, den: 1n });
    for (const spot of SIC_BO_SPOTS) {
      const { num, den } = SIC_BO_RULES.maxMultiplier(spot);
      const best = ALL.reduce((m, dice) => {
        const p = pay(spot, den, dice);
        return p > m ? p : m;
      }, 0n);
      expect([spot, best]).toEqual([spot, num]);
    }
  });

  it('pays a bet of several spots, and refuses bad spots and dice', () => {
    const stakes = [
      { spot: 'small', amount: 100n },
      { spot: 'any-triple', amount: 10n },
    ];
    expect(payBet(SIC_BO_RULES, stakes, { dice: [2, 2, 2] })).toBe(250n);
    expect(payBet(SIC_BO_RULES, stakes, { dice: [1, 2, 3] })).toBe(200n);
    expect(() => pay('total:3', 1n, [1, 1, 1])).toThrow();
    expect(() => pay('small', 1n, [0, 1, 2])).toThrow();
    expect(() => pay('small', 1n, [1, 2, 7])).toThrow();
    expect(() => SIC_BO_RULES.pay('small', 1n, { dice: [1, 2] as unknown as SicBoDice })).toThrow();
    expect(() => SIC_BO_RULES.maxMultiplier('combo:3-3')).toThrow();
  });
});

describe('exact returns over the 216 throws (GAMES.md §3.2)', () => {
  /** Expected RTP and GAMES.md's house edge, per spot kind. */
  const expected = (spot: string): [Multiplier, string] => {
    const [kind, arg] = spot.split(':');
    const t = Number(arg);
    switch (kind) {
      case 'small':
      case 'big':
      case 'odd':
      case 'even':
        // 105 winning throws of 216 pay 2: 210/216.
        return [{ num: 35n, den: 36n }, '2.78'];
      case 'total': {
        const byTotal: Record<number, [Multiplier, string]> = {
          4: [{ num: 17n, den: 24n }, '29.17'], // 3 × 51 / 216
          5: [{ num: 19n, den: 36n }, '47.22'], // 6 × 19 / 216
          6: [{ num: 25n, den: 36n }, '30.56'], // 10 × 15 / 216
          7: [{ num: 65n, den: 72n }, '9.72'], // 15 × 13 / 216
          8: [{ num: 7n, den: 8n }, '12.50'], // 21 × 9 / 216
          9: [{ num: 175n, den: 216n }, '18.98'], // 25 × 7 / 216
          10: [{ num: 7n, den: 8n }, '12.50'], // 27 × 7 / 216
        };
        return byTotal[t <= 10 ? t : 21 - t]!;
      }
      case 'triple':
        return [{ num: 151n, den: 216n }, '30.09'];
      case 'any-triple':
        return [{ num: 25n, den: 36n }, '30.56']; // 6 × 25 / 216
      case 'double':
        return [{ num: 2n, den: 3n }, '33.33']; // 16 × 9 / 216
      case 'combo':
        return [{ num: 5n, den: 6n }, '16.67']; // 30 × 6 / 216
      case 'single':
        return [{ num: 199n, den: 216n }, '7.87']; // (75·2 + 15·3 + 1·4) / 216
      default:
        throw new Error(spot);
    }
  };

  it('returns each spot exactly what GAMES.md computes', () => {
    for (const spot of SIC_BO_SPOTS) {
      let paid = 0n;
      for (const dice of ALL) paid += pay(spot, 1n, dice);
      const rtp = fraction(paid, 216n);
      const [want, edge] = expected(spot);
      expect([spot, rtp]).toEqual([spot, want]);
      expect([spot, edgeText(rtp)]).toEqual([spot, edge]);
      expect(sicBoSpotRtp(spot)).toEqual(want);
    }
  });

  it('wins on the numbers of throws GAMES.md lists', () => {
    const wins = (spot: string) => ALL.filter((d) => pay(spot, 1n, d) > 0n).length;
    // Totals 4 … 10: 3, 6, 10, 15, 21, 25, 27 in 216, symmetric for 11 … 17.
    expect([4, 5, 6, 7, 8, 9, 10].map((t) => wins(`total:${t}`))).toEqual([
      3, 6, 10, 15, 21, 25, 27,
    ]);
    expect([17, 16, 15, 14, 13, 12, 11].map((t) => wins(`total:${t}`))).toEqual([
      3, 6, 10, 15, 21, 25, 27,
    ]);
    for (const s of ['small', 'big', 'odd', 'even']) expect(wins(s)).toBe(105);
    expect(wins('triple:4')).toBe(1);
    expect(wins('any-triple')).toBe(6);
    expect(wins('double:4')).toBe(16);
    expect(wins('combo:2-6')).toBe(30);
    expect(wins('single:3')).toBe(91);
  });
});

describe('statistics', () => {
  it('counts totals, faces, small/big, odd/even and triples', () => {
    const s = sicBoStats([
      [1, 1, 1],
      [2, 2, 5],
      [1, 3, 6],
      [6, 6, 6],
      [4, 5, 6],
    ]);
    expect(s.rolls).toBe(5);
    expect(s.totals).toEqual({
      3: 1,
      4: 0,
      5: 0,
      6: 0,
      7: 0,
      8: 0,
      9: 1,
      10: 1,
      11: 0,
      12: 0,
      13: 0,
      14: 0,
      15: 1,
      16: 0,
      17: 0,
      18: 1,
    });
    expect(s.faces).toEqual({ 1: 4, 2: 2, 3: 1, 4: 1, 5: 2, 6: 5 });
    expect([s.small, s.big, s.triple]).toEqual([2, 1, 2]);
    expect([s.odd, s.even]).toEqual([2, 1]);
  });

  it('starts at zero, and refuses a bad throw', () => {
    const s = sicBoStats([]);
    expect(Object.values(s.totals)).toHaveLength(16);
    expect(Object.values(s.totals).every((n) => n === 0)).toBe(true);
    expect([s.rolls, s.small, s.big, s.odd, s.even, s.triple]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(() => sicBoStats([[1, 2, 7]])).toThrow();
  });
});
