import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRng } from '../kernel/fairness';
import { addFractions, choose, compareFractions, fraction } from './exact';
import {
  MINES_TILES,
  cashOut,
  minesMaxMultiplier,
  minesMultiplier,
  minesResult,
  minesView,
  openMines,
  parseMines,
  replayMines,
  revealTile,
  type MinesState,
} from './mines';
import { enumerateDraws, scriptedRng } from './test-rng';
import { multiplierText, payoutAt, type Multiplier } from './types';

const SEED = 'a'.repeat(64);
const text = (f: Multiplier) => `${f.num}/${f.den}`;
const must = <T extends { ok: boolean }>(step: T): Extract<T, { ok: true }> => {
  if (!step.ok) throw new Error('refused');
  return step as Extract<T, { ok: true }>;
};

/** Opens tiles 0, 1, … k−1 in order and cashes out: what it pays (0 on a mine). */
function cashAfter(state: MinesState, k: number): Multiplier {
  for (let t = 0; t < k; t++) {
    const step = must(revealTile(state, t));
    state = step.state;
    if (!step.gem) return { num: 0n, den: 1n };
  }
  return state.status === 'cashed' ? minesResult(state)! : must(cashOut(state)).multiplier;
}

describe('mines', () => {
  it('pays the exact multipliers, shown rounded down at 2 decimals', () => {
    // 1 mine, first gem: 0.99 × 25/24 = 1.03125 → 1.03.
    expect(text(minesMultiplier(1, 1, 9_900))).toBe('33/32');
    expect(multiplierText(minesMultiplier(1, 1, 9_900), 2)).toBe('1.03');
    // 3 mines, first gem: 0.99 × 25/22 = 1.125 exactly (Stake shows 1.13; we never round up).
    expect(text(minesMultiplier(3, 1, 9_900))).toBe('9/8');
    expect(multiplierText(minesMultiplier(3, 1, 9_900), 2)).toBe('1.12');
    // 24 mines, the one gem: 0.99 × 25 = 24.75; 1 mine, all 24 gems: the same.
    expect(multiplierText(minesMultiplier(24, 1, 9_900), 2)).toBe('24.75');
    expect(text(minesMaxMultiplier(1, 9_900))).toBe('99/4');
    // 1 mine, 2 gems: 0.99 × (25·24)/(24·23) = 0.99 × 25/23.
    expect(text(minesMultiplier(1, 2, 9_900))).toBe(text(fraction(99n * 25n, 100n * 23n)));
    // 12 mines, all 13 gems: 0.99 × C(25,13) = 5,148,297×.
    expect(text(minesMaxMultiplier(12, 9_900))).toBe(text(fraction(99n * 5_200_300n, 100n)));
    // At 95 %, 1 mine, first gem: 0.95 × 25/24.
    expect(text(minesMultiplier(1, 1, 9_500))).toBe(text(fraction(95n * 25n, 100n * 24n)));
    expect(() => minesMultiplier(5, 21, 9_900)).toThrow();
    expect(() => minesMultiplier(25, 0, 9_900)).toThrow();
  });

  it('returns exactly rtpBps / 10,000 for every strategy "cash out after k gems" (by counting)', () => {
    // Independent form: a board avoids k given tiles in C(25 − k, m) of its C(25, m) mine sets.
    for (const bps of [9_900, 9_500])
      for (let m = 1; m <= 24; m++)
        for (let k = 1; k <= MINES_TILES - m; k++) {
          const mult = minesMultiplier(m, k, bps);
          const rtp = fraction(mult.num * choose(25 - k, m), mult.den * choose(25, m));
          expect(text(rtp)).toBe(text(fraction(BigInt(bps), 10_000n)));
        }
  });

  it('returns exactly 99 % for every strategy, enumerating every board the engine can draw (1–3 mines)', () => {
    for (let m = 1; m <= 3; m++) {
      const totals: Multiplier[] = Array.from({ length: 26 - m }, () => ({ num: 0n, den: 1n }));
      const runs = enumerateDraws(
        (rng) => openMines(m, rng, 9_900),
        (board, den) => {
          for (let k = 1; k <= MINES_TILES - m; k++) {
            const pay = cashAfter(board, k);
            totals[k] = addFractions(totals[k]!, fraction(pay.num, pay.den * den));
          }
        },
      );
      expect(runs).toBe([25, 600, 13_800][m - 1]);
      for (let k = 1; k <= MINES_TILES - m; k++) expect(text(totals[k]!)).toBe('99/100');
    }
  });

  it('places mines by Fisher–Yates removal, the first m tiles drawn', () => {
    expect(openMines(3, scriptedRng([0, 0, 0]), 9_900).mines).toEqual([0, 1, 2]);
    expect(openMines(3, scriptedRng([24, 23, 0]), 9_900).mines).toEqual([24, 23, 0]);
    // Index 10 of 0…24 is 10; index 10 of the rest is 11.
    expect(openMines(2, scriptedRng([10, 10]), 9_900).mines).toEqual([10, 11]);
    const all = openMines(24, fairRng(SEED, 'c', 0), 9_900);
    expect(new Set(all.mines).size).toBe(24);
  });

  it('refuses illegal moves and leaves the state as it was', () => {
    const start = openMines(1, scriptedRng([12]), 9_900); // the mine is tile 12
    expect(cashOut(start)).toEqual({ ok: false, error: 'no-gem-yet' });
    const one = must(revealTile(start, 0));
    expect(one.gem).toBe(true);
    expect(revealTile(one.state, 0)).toEqual({ ok: false, error: 'already-open' });
    for (const tile of [-1, 25, 2.5, Number.NaN])
      expect(revealTile(one.state, tile)).toEqual({ ok: false, error: 'bad-tile' });
    const cashed = must(cashOut(one.state));
    expect(text(cashed.multiplier)).toBe('33/32');
    expect(revealTile(cashed.state, 1)).toEqual({ ok: false, error: 'round-over' });
    expect(cashOut(cashed.state)).toEqual({ ok: false, error: 'round-over' });
    const boom = must(revealTile(one.state, 12));
    expect(boom.gem).toBe(false);
    expect(boom.state.status).toBe('lost');
    expect(text(minesResult(boom.state)!)).toBe('0/1');
    expect(revealTile(boom.state, 3)).toEqual({ ok: false, error: 'round-over' });
    expect(cashOut(boom.state)).toEqual({ ok: false, error: 'round-over' });
    // The states passed in were not changed.
    expect(start.revealed).toEqual([]);
    expect(one.state.status).toBe('playing');
  });

  it('cashes out by itself on the last gem, and hides the mines from the view until the end', () => {
    let s = openMines(
      24,
      scriptedRng([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      9_900,
    );
    expect(s.mines).not.toContain(24);
    expect(minesView(s).mines).toBeNull();
    expect(text(minesView(s).nextMultiplier!)).toBe(text(fraction(99n * 25n, 100n)));
    s = must(revealTile(s, 24)).state;
    expect(s.status).toBe('cashed');
    expect(multiplierText(minesResult(s)!, 2)).toBe('24.75');
    expect(minesView(s).mines).toHaveLength(24);
    expect(minesView(s).nextMultiplier).toBeNull();
  });

  it('replays a round from the seeds (known vector, checked against node:crypto)', () => {
    const a = replayMines(3, fairRng(SEED, 'client', 7), 9_900, []);
    // Independently: u32s of HMAC-SHA256(seed, "client:7:0"), removal from 0…24.
    const mac = createHmac('sha256', Buffer.from(SEED, 'hex')).update('client:7:0').digest();
    const left = Array.from({ length: 25 }, (_, i) => i);
    const expected: number[] = [];
    for (let i = 0; expected.length < 3; i += 4) {
      const n = 25 - expected.length;
      const v = mac.readUInt32BE(i);
      if (v < 2 ** 32 - (2 ** 32 % n)) expected.push(left.splice(v % n, 1)[0]!);
    }
    expect(a.state.mines).toEqual(expected);
    expect(a.state.mines).toMatchInlineSnapshot(`
      [
        2,
        5,
        20,
      ]
    `);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !expected.includes(t));
    const played = replayMines(3, fairRng(SEED, 'client', 7), 9_900, [
      safe[0]!,
      safe[1]!,
      'cashout',
    ]);
    expect(text(played.multiplier!)).toBe(text(minesMultiplier(3, 2, 9_900)));
    expect(
      replayMines(3, fairRng(SEED, 'client', 7), 9_900, [safe[0]!, expected[0]!]).multiplier,
    ).toEqual({ num: 0n, den: 1n });
    expect(() => replayMines(3, fairRng(SEED, 'client', 7), 9_900, ['cashout'])).toThrow();
  });

  it('parses the mine count and names bad fields', () => {
    expect(parseMines({ mines: 3 })).toEqual({ ok: true, params: { mines: 3 } });
    for (const mines of [0, 25, 2.5, '3', null]) expect(parseMines({ mines }).ok).toBe(false);
    const bad = parseMines({ mines: 30, tiles: 36 });
    expect(bad.ok ? [] : bad.problems.map((p) => p.path)).toEqual(['params.mines', 'params.tiles']);
  });

  it('never pays more than the table: any sequence of moves ends at 0 or the k-gem multiplier', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.nat(),
        fc.integer({ min: 1, max: 24 }),
        fc.array(fc.oneof(fc.integer({ min: -2, max: 26 }), fc.constant('cashout' as const)), {
          maxLength: 30,
        }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (seed, nonce, m, moves, stake) => {
          let state = openMines(m, fairRng(seed, 'c', nonce), 9_900);
          for (const move of moves) {
            const step = move === 'cashout' ? cashOut(state) : revealTile(state, move);
            if (step.ok) state = step.state;
          }
          const result = minesResult(state);
          if (state.status === 'playing') {
            expect(result).toBeNull();
            return;
          }
          const gems = state.revealed.filter((t) => !state.mines.includes(t)).length;
          if (state.status === 'lost') {
            expect(state.mines).toContain(state.revealed.at(-1));
            expect(result).toEqual({ num: 0n, den: 1n });
          } else {
            expect(gems).toBe(state.revealed.length);
            expect(text(result!)).toBe(text(minesMultiplier(m, gems, 9_900)));
          }
          expect(compareFractions(result!, minesMaxMultiplier(m, 9_900))).toBeLessThanOrEqual(0);
          expect(payoutAt(stake, result!)).toBeLessThanOrEqual(
            payoutAt(stake, minesMaxMultiplier(m, 9_900)),
          );
        },
      ),
    );
  });
});
