import { describe, expect, it } from 'vitest';
import { addFractions, fraction } from '../originals/exact';
import type { Multiplier } from '../originals/types';
import { parseCards } from '../video-poker/cards';
import {
  LUCKY9_ENGINE_ID,
  LUCKY9_RULES,
  LUCKY9_SPOTS,
  dealLucky9,
  lucky9Odds,
  lucky9Pay,
  lucky9SpotRtp,
  type Lucky9Outcome,
  type Lucky9Spot,
} from './lucky9';
import { payBet } from './types';

/** Cards in deal order: P1 B1 P2 B2, then Player's third card if it draws, then Banker's. */
const round = (labels: string) => dealLucky9(parseCards(labels), 0);

const shape = (o: Lucky9Outcome) => ({
  player: `${o.player.cards.length}:${o.player.total}:${o.player.label ?? '-'}`,
  banker: `${o.banker.cards.length}:${o.banker.total}:${o.banker.label ?? '-'}`,
  used: o.used,
  result: o.result,
  lucky9Win: o.lucky9Win,
  autoLoss: o.autoLoss,
});

describe('the deal and the drawing rules (GAMES.md §4.1)', () => {
  it('deals Player, Banker, Player, Banker, then Player’s third card, then Banker’s', () => {
    const o = round('2h 3c 2d Ks 7c 2d');
    expect(o.player.cards).toEqual(parseCards('2h 2d 7c'));
    expect(o.banker.cards).toEqual(parseCards('3c Ks 2d'));
    expect(shape(o)).toEqual({
      player: '3:1:-',
      banker: '3:5:-',
      used: 6,
      result: 'banker',
      lucky9Win: false,
      autoLoss: true,
    });
    // From the middle of a shoe.
    const shoe = parseCards('Kd Kd 5h 6c 3d Ks');
    expect(dealLucky9(shoe, 2)).toMatchObject({ used: 4, result: 'player' });
    expect(() => dealLucky9(parseCards('2h 3c 2d Ks 7c'), 0)).toThrow('short');
  });

  it('Player draws on 4 and stands on 5; Banker draws on 4 and stands on 5', () => {
    // Player 4 draws a 3: 7. Banker 5 stands.
    expect(shape(round('2h 3c 2d 2s 3c 9d'))).toMatchObject({
      player: '3:7:-',
      banker: '2:5:-',
      used: 5,
      result: 'player',
    });
    // Player 5 stands. Banker 4 draws a K: 4.
    expect(shape(round('2h 2c 3d 2s Kc 9d'))).toMatchObject({
      player: '2:5:-',
      banker: '3:4:-',
      used: 5,
      result: 'player',
    });
    // Both stand on 8 and 5; both draw on 0.
    expect(shape(round('4h 2c 4d 3s'))).toMatchObject({
      player: '2:8:-',
      banker: '2:5:-',
      used: 4,
    });
    expect(shape(round('Th Jc Qd Ks 6c 6d'))).toMatchObject({
      player: '3:6:-',
      banker: '3:6:-',
      used: 6,
      result: 'push',
    });
  });

  it('labels a two-card 9: Lucky 9 without a 10/J/Q/K, Natural 9 with one', () => {
    expect(round('Ah 2c 8d 3s').player.label).toBe('lucky9');
    expect(round('3h 2c 6d 3s').player.label).toBe('lucky9');
    expect(round('4h 2c 5d 3s').player.label).toBe('lucky9');
    expect(round('Kh 2c 9d 3s').player.label).toBe('natural9');
    expect(round('9h 2c Td 3s').player.label).toBe('natural9');
    // A three-card 9 has no label; neither has a 19 (two 9s make 8).
    expect(round('2h 2c 2d 3s 5c').player).toMatchObject({ total: 9, label: null });
    expect(round('9h 2c 9d 3s').player).toMatchObject({ total: 8, label: null });
    // Banker's two-card 9s are labelled too.
    expect(round('5h 4c 2d 5s').banker.label).toBe('lucky9');
    expect(round('5h Qc 2d 9s').banker.label).toBe('natural9');
  });
});

describe('the result (variant A)', () => {
  it('a Player Lucky 9 beats a Banker three-card 9 and ties a Banker two-card 9', () => {
    // P 4-5; B 2-K draws a 7: three-card 9.
    expect(shape(round('4h 2c 5d Ks 7s'))).toEqual({
      player: '2:9:lucky9',
      banker: '3:9:-',
      used: 5,
      result: 'player',
      lucky9Win: true,
      autoLoss: false,
    });
    expect(round('4h 4c 5d 5s').result).toBe('push'); // B Lucky 9
    expect(round('4h Kc 5d 9s').result).toBe('push'); // B Natural 9
    // Against a lower total it wins, and still as a Lucky 9.
    expect(shape(round('Ah 4c 8d 4s 4c'))).toMatchObject({ result: 'player', lucky9Win: true });
  });

  it('a Natural 9 ties any Banker 9 and beats a lower total at 1:1', () => {
    expect(round('Kh 4c 9d 5s').result).toBe('push');
    expect(round('Kh Kc 9d 9s').result).toBe('push');
    expect(round('Kh 2c 9d Ks 7s').result).toBe('push'); // B three-card 9
    expect(shape(round('Kh 4c 9d 4s'))).toMatchObject({ result: 'player', lucky9Win: false });
  });

  it('a Player three-card 9 ties any Banker 9; Banker’s Lucky 9 has no special standing', () => {
    expect(round('2h 4c 2d 5s 5c').result).toBe('push');
    expect(round('2h Kc 2d 9s 5c').result).toBe('push');
    expect(round('2h 2c 2d Ks 5c 7d').result).toBe('push');
  });

  it('a Player three-card 0, 1 or 2 loses whatever Banker holds', () => {
    // P 2+2+6 = 0 against B 0 (three cards).
    expect(shape(round('2h Kc 2d Qs 6c Jd'))).toEqual({
      player: '3:0:-',
      banker: '3:0:-',
      used: 6,
      result: 'banker',
      lucky9Win: false,
      autoLoss: true,
    });
    // P 1 against B 0; P 2 against B 1.
    expect(shape(round('2h Kc 2d Qs 7c Jd'))).toMatchObject({ result: 'banker', autoLoss: true });
    expect(shape(round('2h Ac 2d Qs 8c Jd'))).toMatchObject({ result: 'banker', autoLoss: true });
    // P 3 is no longer an automatic loss: it beats B 0.
    expect(shape(round('2h Kc 2d Qs 9c Jd'))).toMatchObject({ result: 'player', autoLoss: false });
    // A two-card 0 is no three-card total: it draws (here to 2) and loses.
    expect(shape(round('Kh 5c Qd Ks 2c'))).toMatchObject({ result: 'banker', autoLoss: true });
    // Banker three-card 0–2 is compared as usual.
    expect(shape(round('3h Kc 4d Qs Jd'))).toMatchObject({ result: 'player', autoLoss: false });
  });

  it('higher total wins, equal totals push', () => {
    expect(round('3h 3c 3d 3s').result).toBe('push');
    expect(round('3h 3c 4d 3s').result).toBe('player');
    expect(round('3h 3c 3d 4s').result).toBe('banker');
    expect(round('3h 5c 3d 3s').result).toBe('banker');
  });
});

describe('payouts, stake included, rounded down to the minor unit', () => {
  const luckyWin = round('4h 2c 5d Ks 7s');
  const playerWin = round('Kh 4c 9d 4s');
  const bankerWin = round('3h 3c 3d 4s');
  const push = round('Kh Kc 9d 9s');
  const autoLoss = round('2h Kc 2d Qs 6c Jd');

  it('player: 3:2 on a Lucky 9 win, 1:1 otherwise, the stake back on a push', () => {
    expect(lucky9Pay('player', 100n, luckyWin)).toBe(250n);
    expect(lucky9Pay('player', 25n, luckyWin)).toBe(62n);
    expect(lucky9Pay('player', 1n, luckyWin)).toBe(2n);
    expect(lucky9Pay('player', 100n, playerWin)).toBe(200n);
    expect(lucky9Pay('player', 100n, push)).toBe(100n);
    expect(lucky9Pay('player', 100n, bankerWin)).toBe(0n);
    expect(lucky9Pay('player', 100n, autoLoss)).toBe(0n);
  });

  it('banker: 0.9:1 (10 % commission) on a win, the stake back on a push', () => {
    expect(lucky9Pay('banker', 100n, bankerWin)).toBe(190n);
    expect(lucky9Pay('banker', 100n, autoLoss)).toBe(190n);
    expect(lucky9Pay('banker', 25n, bankerWin)).toBe(25n + 22n);
    expect(lucky9Pay('banker', 1n, bankerWin)).toBe(1n);
    expect(lucky9Pay('banker', 100n, push)).toBe(100n);
    expect(lucky9Pay('banker', 100n, luckyWin)).toBe(0n);
    expect(lucky9Pay('banker', 100n, playerWin)).toBe(0n);
  });

  it('tie: 8:1 on a push', () => {
    expect(lucky9Pay('tie', 100n, push)).toBe(900n);
    expect(lucky9Pay('tie', 100n, round('3h 3c 3d 3s'))).toBe(900n);
    expect(lucky9Pay('tie', 100n, luckyWin)).toBe(0n);
    expect(lucky9Pay('tie', 100n, bankerWin)).toBe(0n);
  });

  it('the table rules: spots, max multipliers, bets over several spots', () => {
    expect(LUCKY9_RULES.id).toBe(LUCKY9_ENGINE_ID);
    expect(LUCKY9_ENGINE_ID).toBe('taya-lucky9@1');
    expect(LUCKY9_RULES.spots).toEqual(['player', 'banker', 'tie']);
    expect(LUCKY9_RULES.maxMultiplier('player')).toEqual({ num: 5n, den: 2n });
    expect(LUCKY9_RULES.maxMultiplier('banker')).toEqual({ num: 19n, den: 10n });
    expect(LUCKY9_RULES.maxMultiplier('tie')).toEqual({ num: 9n, den: 1n });
    expect(() => LUCKY9_RULES.maxMultiplier('dragon')).toThrow();
    expect(
      payBet(
        LUCKY9_RULES,
        [
          { spot: 'player', amount: 100n },
          { spot: 'banker', amount: 50n },
          { spot: 'tie', amount: 10n },
        ],
        push,
      ),
    ).toBe(100n + 50n + 90n);
    expect(() => payBet(LUCKY9_RULES, [{ spot: 'pair', amount: 1n }], push)).toThrow();
  });
});

/** A fraction as a float, for tolerances and printed figures only. */
const float = (m: Multiplier) => Number((m.num * 10n ** 15n) / m.den) / 1e15;

/** What each spot pays per unit for a round, as floats (for the tallies below). */
const PAYS: Record<Lucky9Spot, (o: Lucky9Outcome) => number> = {
  player: (o) => (o.result === 'player' ? (o.lucky9Win ? 2.5 : 2) : o.result === 'push' ? 1 : 0),
  banker: (o) => (o.result === 'banker' ? 1.9 : o.result === 'push' ? 1 : 0),
  tie: (o) => (o.result === 'push' ? 9 : 0),
};

describe('exact odds of a full 8-deck shoe', () => {
  const odds = lucky9Odds();

  it('the results add up to 1 and each spot returns Σ P × multiplier', () => {
    expect(addFractions(addFractions(odds.player, odds.banker), odds.push)).toEqual({
      num: 1n,
      den: 1n,
    });
    const otherWin = float(odds.player) - float(odds.playerLucky9);
    expect(float(lucky9SpotRtp('player', odds))).toBeCloseTo(
      2.5 * float(odds.playerLucky9) + 2 * otherWin + float(odds.push),
      12,
    );
    expect(float(lucky9SpotRtp('banker', odds))).toBeCloseTo(
      1.9 * float(odds.banker) + float(odds.push),
      12,
    );
    expect(lucky9SpotRtp('tie', odds)).toEqual(fraction(odds.push.num * 9n, odds.push.den));
  });

  it('the figures the module documents', () => {
    expect(float(odds.player) * 100).toBeCloseTo(43.2699, 4);
    expect(float(odds.banker) * 100).toBeCloseTo(47.0291, 4);
    expect(float(odds.push) * 100).toBeCloseTo(9.701, 4);
    expect(float(odds.playerLucky9) * 100).toBeCloseTo(4.2939, 4);
    expect(float(odds.autoLoss) * 100).toBeCloseTo(19.9008, 4);
    expect(float(lucky9SpotRtp('player', odds)) * 100).toBeCloseTo(98.3878, 4);
    expect(float(lucky9SpotRtp('banker', odds)) * 100).toBeCloseTo(99.0562, 4);
    expect(float(lucky9SpotRtp('tie', odds)) * 100).toBeCloseTo(87.3094, 4);
    // Banker at 1:1 and at 5 %: both above 100 %.
    expect((2 * float(odds.banker) + float(odds.push)) * 100).toBeCloseTo(103.7591, 4);
    expect((1.95 * float(odds.banker) + float(odds.push)) * 100).toBeCloseTo(101.4077, 4);
    // The automatic loss needs only Player's three cards: P(draw to 0–2).
    expect(odds.autoLoss).toEqual(fraction(44449n, 223353n));
  });

  it('every spot keeps a house edge', () => {
    for (const spot of LUCKY9_SPOTS) expect(float(lucky9SpotRtp(spot, odds))).toBeLessThan(1);
  });

  it('equals a second enumeration: all 10⁶ value sequences of six cards through dealLucky9', () => {
    // One card standing for each baccarat value (K for 0, A for 1, 2 … 9), with its count in 8
    // decks. Every sequence of six values, weighted by the ways an 8-deck shoe deals it; cards a
    // round does not use are simply part of the sequence. Weights stay below 2⁵³, so exact.
    const face = parseCards('Kc Ac 2c 3c 4c 5c 6c 7c 8c 9c');
    const left = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
    const seq = [0, 0, 0, 0, 0, 0];
    const shoe = [0, 0, 0, 0, 0, 0];
    const tally = { player: 0, playerLucky9: 0, banker: 0, autoLoss: 0, push: 0 };
    let all = 0;
    const walk = (k: number, ways: number) => {
      if (k === 6) {
        for (let i = 0; i < 6; i++) shoe[i] = face[seq[i]!]!;
        const o = dealLucky9(shoe, 0);
        all += ways;
        if (o.result === 'player') {
          tally.player += ways;
          if (o.lucky9Win) tally.playerLucky9 += ways;
        } else if (o.result === 'banker') {
          tally.banker += ways;
          if (o.autoLoss) tally.autoLoss += ways;
        } else tally.push += ways;
        return;
      }
      for (let v = 0; v < 10; v++) {
        seq[k] = v;
        const w = left[v]!--;
        walk(k + 1, ways * w);
        left[v]!++;
      }
    };
    walk(0, 1);
    expect(all).toBe(416 * 415 * 414 * 413 * 412 * 411);
    expect(all).toBeLessThan(Number.MAX_SAFE_INTEGER);
    const total = BigInt(all);
    for (const key of Object.keys(tally) as (keyof typeof tally)[])
      expect(fraction(BigInt(tally[key]), total)).toEqual(odds[key]);
  });

  it('agrees with 2,000,000 simulated rounds from seeded random shoes', () => {
    // mulberry32: a small seeded generator, so the run is the same every time.
    let state = 0x9e3779b9;
    const random = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    // A full shoe; each round shuffles its first six positions afresh (a partial Fisher–Yates
    // from the whole shoe), so every round is six random cards from 416.
    const shoe = Array.from({ length: 416 }, (_, i) => i % 52);
    const rounds = 2_000_000;
    const sums = { player: 0, banker: 0, tie: 0 };
    const squares = { player: 0, banker: 0, tie: 0 };
    const results = { player: 0, banker: 0, push: 0 };
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < 6; i++) {
        const j = i + Math.floor(random() * (416 - i));
        const t = shoe[i]!;
        shoe[i] = shoe[j]!;
        shoe[j] = t;
      }
      const o = dealLucky9(shoe, 0);
      results[o.result]++;
      for (const spot of LUCKY9_SPOTS) {
        const x = PAYS[spot](o);
        sums[spot] += x;
        squares[spot] += x * x;
      }
    }
    for (const spot of LUCKY9_SPOTS) {
      const mean = sums[spot] / rounds;
      const sd = Math.sqrt(squares[spot] / rounds - mean * mean);
      const se = sd / Math.sqrt(rounds);
      expect(Math.abs(mean - float(lucky9SpotRtp(spot, odds)))).toBeLessThan(4 * se);
    }
    for (const key of ['player', 'banker', 'push'] as const) {
      const p = float(odds[key]);
      const se = Math.sqrt((p * (1 - p)) / rounds);
      expect(Math.abs(results[key] / rounds - p)).toBeLessThan(4 * se);
    }
  });
});
