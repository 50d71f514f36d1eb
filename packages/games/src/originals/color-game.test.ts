import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRng } from '../kernel/fairness';
import {
  COLOUR_GAME_COLOURS,
  COLOUR_MAX_MULTIPLIER,
  colourGameRtp,
  drawColourGame,
  parseColour,
  settleColourGame,
  type Colour,
} from './color-game';
import { enumerateDraws, scriptedRng } from './test-rng';
import { payoutAt } from './types';

const SEED = 'a'.repeat(64);

describe('colour game', () => {
  it('pays 1:1, 2:1, 3:1 with the stake on top, and nothing without a match', () => {
    const outcome = drawColourGame(scriptedRng([4, 4, 1])); // red, red, green
    expect(outcome.dice).toEqual(['red', 'red', 'green']);
    const bets = [
      { colour: 'red' as const, amount: 100n },
      { colour: 'green' as const, amount: 50n },
      { colour: 'blue' as const, amount: 70n },
    ];
    expect(settleColourGame(bets, outcome).map((s) => [s.matches, s.payout])).toEqual([
      [2, 300n],
      [1, 100n],
      [0, 0n],
    ]);
    const triple = drawColourGame(scriptedRng([5, 5, 5]));
    expect(settleColourGame([{ colour: 'yellow', amount: 25n }], triple)[0]!.payout).toBe(100n);
  });

  it('returns 199/216 = 92.13 % (GAMES.md §4.2), by enumerating the 216 outcomes of draw', () => {
    expect(colourGameRtp()).toEqual({ num: 199n, den: 216n });
    for (const colour of COLOUR_GAME_COLOURS) {
      let paid = 0n;
      const counts = [0, 0, 0, 0];
      const runs = enumerateDraws(drawColourGame, (outcome, den) => {
        expect(den).toBe(216n);
        const [s] = settleColourGame([{ colour, amount: 216n }], outcome);
        counts[s!.matches]! += 1;
        paid += s!.payout;
      });
      expect(runs).toBe(216);
      // P(0, 1, 2, 3 matches) = 125, 75, 15, 1 in 216.
      expect(counts).toEqual([125, 75, 15, 1]);
      expect(paid).toBe(199n * 216n);
    }
  });

  it('throws the same dice from the same seeds (known vector)', () => {
    const a = drawColourGame(fairRng(SEED, 'client', 0));
    expect(drawColourGame(fairRng(SEED, 'client', 0))).toEqual(a);
    expect(a.dice).toMatchInlineSnapshot(`
      [
        "green",
        "yellow",
        "red",
      ]
    `);
  });

  it('names a bad colour', () => {
    expect(parseColour('pink', 'bets[0].colour')).toEqual({ ok: true, colour: 'pink' });
    expect(parseColour('purple', 'bets[1].colour')).toMatchObject({
      ok: false,
      problem: { path: 'bets[1].colour' },
    });
  });

  it('pays every bet its table multiplier for the dice, never more than 4× the stake', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.nat(),
        fc.array(
          fc.record({
            colour: fc.constantFrom<Colour>(...COLOUR_GAME_COLOURS),
            amount: fc.bigInt({ min: 0n, max: 10n ** 15n }),
          }),
          { maxLength: 12 },
        ),
        (seed, nonce, bets) => {
          const outcome = drawColourGame(fairRng(seed, 'round', nonce));
          const settled = settleColourGame(bets, outcome);
          expect(settled).toHaveLength(bets.length);
          settled.forEach((s, i) => {
            const matches = outcome.dice.filter((d) => d === bets[i]!.colour).length;
            expect(s.matches).toBe(matches);
            expect(s.payout).toBe(matches === 0 ? 0n : bets[i]!.amount * BigInt(matches + 1));
            expect(s.payout).toBeLessThanOrEqual(payoutAt(bets[i]!.amount, COLOUR_MAX_MULTIPLIER));
          });
        },
      ),
    );
  });
});
