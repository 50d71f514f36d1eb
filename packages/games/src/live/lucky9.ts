import { addFractions, fraction, mulFractions } from '../originals/exact';
import type { Multiplier } from '../originals/types';
import type { Card } from '../video-poker/cards';
import { baccaratValue } from './shoe';
import type { TableRules } from './types';

/**
 * Lucky 9, the house-banked variant A (GAMES.md §4.1, Appendix C 1 and 3), as a shared live table
 * dealt from the 8-deck shoe (`shoe.ts`): every seated player bets on the same two hands, Player
 * and Banker (the dealer's hand), so both are played by fixed rules and nobody decides anything.
 *
 * The deal: the cards at `at`, `at + 1`, `at + 2`, `at + 3` go to Player, Banker, Player, Banker.
 * Totals are the sum of baccarat values mod 10 (A = 1, 2–9 face, 10/J/Q/K = 0). A hand never has
 * more than three cards.
 * - Player: a two-card 9 stands; otherwise Player draws one card on 0–4 and stands on 5–8. A
 *   two-card 9 without a 10/J/Q/K (A-8, 2-7, 3-6, 4-5) is a "Lucky 9"; with one it is a "Natural 9".
 * - Banker: draws one card on 0–4 and stands on 5–9 (§4.1: "dealer hits on 0–4"), after Player,
 *   from the next card. Banker always completes its hand, even when Player's result is already
 *   settled, so every round shows two finished hands and uses 4–6 cards.
 *
 * The result (variant A): a Player three-card total of 0, 1 or 2 loses automatically, whatever
 * Banker holds (§4.1, Appendix C 3; there is no mirror rule for Banker). Otherwise the higher total
 * wins and equal totals push, except that a Player Lucky 9 beats every Banker three-card 9 (and
 * still ties a Banker two-card 9). A Natural 9 ties any Banker 9; Banker's own Lucky 9 has no
 * special standing.
 *
 * Spots, paying the stake back on top, rounded down to the minor unit:
 * - `player`: 3:2 on a win with a Lucky 9 (the stake × 5/2 back), 1:1 on any other win, the stake
 *   back on a push.
 * - `banker`: wins when Banker's hand wins by the same rules (Player's 0–2 loss included), pushes
 *   when Player pushes; pays 1:1 less a 10 % commission on the win (0.9:1), the win rounded down.
 *   The 0–2 rule makes Banker the favourite (47.0291 % against Player's 43.2699 %), so Banker's
 *   bet at 1:1 would return 103.7591 %, and at baccarat's 5 % still 101.4077 %: it breaks even at
 *   a 7.99 % commission. At 10 % it returns 99.0562 %, an edge of 0.9438 %, the round figure
 *   closest to baccarat's banker (1.0579 %; 9 % would leave 0.47 %, 11 % take 1.41 %).
 * - `tie`: 8:1 when the result is a push, as the baccarat table's tie (Appendix C 1). A push
 *   comes 9.7010 % of the time, so the tie returns 87.3094 %, an edge of 12.6906 % (baccarat's tie
 *   at 8:1: 14.3596 %); 9:1 would return 97.0104 %.
 *
 * `player` returns 98.3878 %, an edge of 1.6122 % (a Lucky 9 win, paid 3:2, comes 4.2939 % of
 * the time; the automatic loss 19.9008 %). All figures are exact, from `lucky9Odds`.
 */

export const LUCKY9_ENGINE_ID = 'taya-lucky9@1';

/** A two-card 9 without (`lucky9`) or with (`natural9`) a ten-value card; otherwise null. */
export type Lucky9Label = 'lucky9' | 'natural9' | null;
export type Lucky9Result = 'player' | 'banker' | 'push';

export interface Lucky9Hand extends Record<string, unknown> {
  cards: Card[];
  total: number;
  label: Lucky9Label;
}

export interface Lucky9Outcome extends Record<string, unknown> {
  player: Lucky9Hand;
  banker: Lucky9Hand;
  /** Cards the round took from the shoe (4–6). */
  used: number;
  result: Lucky9Result;
  /** Player won holding a Lucky 9: the `player` spot pays 3:2. */
  lucky9Win: boolean;
  /** Player's three-card total was 0, 1 or 2, so Banker won whatever it held. */
  autoLoss: boolean;
}

export const LUCKY9_SPOTS = ['player', 'banker', 'tie'] as const;
export type Lucky9Spot = (typeof LUCKY9_SPOTS)[number];

export function isLucky9Spot(spot: string): spot is Lucky9Spot {
  return (LUCKY9_SPOTS as readonly string[]).includes(spot);
}

/** Whether a hand of two cards worth `total` draws a third (the same line for both hands). */
export function lucky9Draws(total: number): boolean {
  return total <= 4;
}

/** The label of a hand from its size, total and whether it holds a ten-value card. */
export function lucky9Label(size: number, total: number, hasTen: boolean): Lucky9Label {
  if (size !== 2 || total !== 9) return null;
  return hasTen ? 'natural9' : 'lucky9';
}

/** What the result rules need of a hand. */
export interface Lucky9HandSummary {
  size: number;
  total: number;
  label: Lucky9Label;
}

/** The result of Player's hand against Banker's (variant A's rules, above). */
export function lucky9Result(
  player: Lucky9HandSummary,
  banker: Lucky9HandSummary,
): Pick<Lucky9Outcome, 'result' | 'lucky9Win' | 'autoLoss'> {
  if (player.size === 3 && player.total <= 2)
    return { result: 'banker', lucky9Win: false, autoLoss: true };
  const lucky = player.label === 'lucky9';
  if (player.total === 9 && banker.total === 9) {
    const beats = lucky && banker.size === 3;
    return { result: beats ? 'player' : 'push', lucky9Win: beats, autoLoss: false };
  }
  if (player.total > banker.total) return { result: 'player', lucky9Win: lucky, autoLoss: false };
  if (banker.total > player.total) return { result: 'banker', lucky9Win: false, autoLoss: false };
  return { result: 'push', lucky9Win: false, autoLoss: false };
}

/** The round dealt from `shoe` starting at position `at`. */
export function dealLucky9(shoe: readonly Card[], at: number): Lucky9Outcome {
  let next = at;
  const take = (): Card => {
    const c = shoe[next++];
    if (c === undefined) throw new Error('the shoe is short');
    return c;
  };
  const p1 = take();
  const b1 = take();
  const p2 = take();
  const b2 = take();
  const hand = (cards: Card[]): Lucky9Hand => {
    const values = cards.map(baccaratValue);
    const total = values.reduce((s, v) => s + v, 0) % 10;
    return { cards, total, label: lucky9Label(cards.length, total, values.includes(0)) };
  };
  let player = hand([p1, p2]);
  if (lucky9Draws(player.total)) player = hand([p1, p2, take()]);
  let banker = hand([b1, b2]);
  if (lucky9Draws(banker.total)) banker = hand([b1, b2, take()]);
  const summary = (h: Lucky9Hand) => ({ size: h.cards.length, total: h.total, label: h.label });
  return {
    player,
    banker,
    used: next - at,
    ...lucky9Result(summary(player), summary(banker)),
  };
}

/** Banker's commission on a win: 10 %, so a banker win pays 0.9:1 (the module's comment explains why not 5 %). */
export const LUCKY9_BANKER_COMMISSION: Multiplier = { num: 1n, den: 10n };
/** The tie pays 8:1. */
export const LUCKY9_TIE_PAYS: Multiplier = { num: 8n, den: 1n };

const LOSE: Multiplier = { num: 0n, den: 1n };
const PUSH: Multiplier = { num: 1n, den: 1n };
const EVEN_MONEY: Multiplier = { num: 2n, den: 1n };
const LUCKY9_WIN: Multiplier = { num: 5n, den: 2n };
const BANKER_WIN: Multiplier = fraction(
  2n * LUCKY9_BANKER_COMMISSION.den - LUCKY9_BANKER_COMMISSION.num,
  LUCKY9_BANKER_COMMISSION.den,
);
const TIE_WIN: Multiplier = fraction(
  LUCKY9_TIE_PAYS.num + LUCKY9_TIE_PAYS.den,
  LUCKY9_TIE_PAYS.den,
);

/** What a spot pays per unit staked, stake included, for a round (0 = the stake is lost). */
export function lucky9Multiplier(
  spot: Lucky9Spot,
  outcome: Pick<Lucky9Outcome, 'result' | 'lucky9Win'>,
): Multiplier {
  switch (spot) {
    case 'player':
      if (outcome.result === 'push') return PUSH;
      if (outcome.result === 'banker') return LOSE;
      return outcome.lucky9Win ? LUCKY9_WIN : EVEN_MONEY;
    case 'banker':
      return outcome.result === 'push' ? PUSH : outcome.result === 'banker' ? BANKER_WIN : LOSE;
    case 'tie':
      return outcome.result === 'push' ? TIE_WIN : LOSE;
  }
}

/**
 * What a stake pays, stake included: the whole stake back on a push; on a win the stake plus the
 * win, the win rounded down to the minor unit (so Banker's commission is taken before rounding: a
 * banker win on 25 pays 25 + 23; a Lucky 9 on 25 pays 25 + 37).
 */
export function lucky9Pay(
  spot: Lucky9Spot,
  amount: bigint,
  outcome: Pick<Lucky9Outcome, 'result' | 'lucky9Win'>,
): bigint {
  if (amount < 0n) throw new Error('a stake cannot be negative');
  const m = lucky9Multiplier(spot, outcome);
  if (m.num === 0n) return 0n;
  return amount + (amount * (m.num - m.den)) / m.den;
}

const MAX: Record<Lucky9Spot, Multiplier> = {
  player: LUCKY9_WIN,
  banker: BANKER_WIN,
  tie: TIE_WIN,
};

export const LUCKY9_RULES: TableRules<Lucky9Outcome> = {
  id: LUCKY9_ENGINE_ID,
  spots: LUCKY9_SPOTS,
  pay(spot, amount, outcome) {
    if (!isLucky9Spot(spot)) throw new Error(`no spot ${spot}`);
    return lucky9Pay(spot, amount, outcome);
  },
  maxMultiplier(spot) {
    if (!isLucky9Spot(spot)) throw new Error(`no spot ${spot}`);
    return MAX[spot];
  },
};

/**
 * The exact odds of a round's result from a full shoe, card removal counted: every ordered
 * sequence of the (up to) six cards a round uses, by baccarat value (32 cards of each value 1–9
 * and 128 ten-value cards per 8 decks), each weighted by the product of the counts left at each
 * draw. A two-card 9 holds a ten-value card exactly when one of its values is 0 (no two non-zero
 * values make 19), so values alone tell a Lucky 9 from a Natural 9. Fractions over
 * `decks·52 P 6`, the cards a shorter round leaves unused counted as any.
 */
export interface Lucky9Odds {
  /** Player wins (with a Lucky 9 or otherwise). */
  player: Multiplier;
  /** Player wins holding a Lucky 9 (paid 3:2). */
  playerLucky9: Multiplier;
  /** Banker wins (Player's automatic 0–2 loss included). */
  banker: Multiplier;
  /** Player loses to the automatic 0–2 rule. */
  autoLoss: Multiplier;
  push: Multiplier;
}

export function lucky9Odds(decks = 8): Lucky9Odds {
  if (!Number.isInteger(decks) || decks < 1 || decks > 8) throw new Error('decks must be 1–8');
  const n = decks * 52;
  const counts = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 : 4) * decks);
  const perm = (a: number, k: number) => {
    let p = 1n;
    for (let i = 0; i < k; i++) p *= BigInt(a - i);
    return p;
  };
  // The ways to deal the rest of the six cards once `k` are dealt.
  const tail = [0, 1, 2, 3, 4, 5, 6].map((k) => perm(n - k, 6 - k));
  const weights = { player: 0n, playerLucky9: 0n, banker: 0n, autoLoss: 0n, push: 0n };
  const settle = (p: Lucky9HandSummary, b: Lucky9HandSummary, ways: bigint) => {
    const r = lucky9Result(p, b);
    if (r.result === 'player') {
      weights.player += ways;
      if (r.lucky9Win) weights.playerLucky9 += ways;
    } else if (r.result === 'banker') {
      weights.banker += ways;
      if (r.autoLoss) weights.autoLoss += ways;
    } else weights.push += ways;
  };
  // Draws a value: its count before the draw (the ways), then takes one out.
  const draw = (v: number): bigint => BigInt(counts[v]!--);
  const undo = (v: number) => {
    counts[v]!++;
  };
  // Banker's hand once Player's is complete after `dealt` cards.
  const bankerStage = (
    p: Lucky9HandSummary,
    b1: number,
    b2: number,
    ways: bigint,
    dealt: number,
  ) => {
    const bt = (b1 + b2) % 10;
    const two = { size: 2, total: bt, label: lucky9Label(2, bt, b1 === 0 || b2 === 0) };
    if (!lucky9Draws(bt)) return settle(p, two, ways * tail[dealt]!);
    for (let b3 = 0; b3 < 10; b3++) {
      const w = BigInt(counts[b3]!);
      if (w > 0n)
        settle(p, { size: 3, total: (bt + b3) % 10, label: null }, ways * w * tail[dealt + 1]!);
    }
  };
  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = draw(p1);
    for (let b1 = 0; b1 < 10; b1++) {
      const w2 = draw(b1);
      for (let p2 = 0; p2 < 10; p2++) {
        const w3 = draw(p2);
        for (let b2 = 0; b2 < 10; b2++) {
          const w4 = draw(b2);
          const ways = w1 * w2 * w3 * w4;
          const pt = (p1 + p2) % 10;
          if (!lucky9Draws(pt)) {
            const p = { size: 2, total: pt, label: lucky9Label(2, pt, p1 === 0 || p2 === 0) };
            bankerStage(p, b1, b2, ways, 4);
          } else {
            for (let p3 = 0; p3 < 10; p3++) {
              const w5 = draw(p3);
              if (w5 > 0n)
                bankerStage({ size: 3, total: (pt + p3) % 10, label: null }, b1, b2, ways * w5, 5);
              undo(p3);
            }
          }
          undo(b2);
        }
        undo(p2);
      }
      undo(b1);
    }
    undo(p1);
  }
  const total = tail[0]!;
  const all = weights.player + weights.banker + weights.push;
  if (all !== total) throw new Error('enumeration out of step');
  return {
    player: fraction(weights.player, total),
    playerLucky9: fraction(weights.playerLucky9, total),
    banker: fraction(weights.banker, total),
    autoLoss: fraction(weights.autoLoss, total),
    push: fraction(weights.push, total),
  };
}

/**
 * The exact return to player of a spot (before rounding to the minor unit):
 * Σ P(result) × multiplier over the results of `lucky9Odds`.
 */
export function lucky9SpotRtp(spot: Lucky9Spot, odds = lucky9Odds()): Multiplier {
  const otherWin = addFractions(odds.player, {
    num: -odds.playerLucky9.num,
    den: odds.playerLucky9.den,
  });
  const terms: [Multiplier, Multiplier][] =
    spot === 'player'
      ? [
          [odds.playerLucky9, LUCKY9_WIN],
          [otherWin, EVEN_MONEY],
          [odds.push, PUSH],
        ]
      : spot === 'banker'
        ? [
            [odds.banker, BANKER_WIN],
            [odds.push, PUSH],
          ]
        : [[odds.push, TIE_WIN]];
  return terms.reduce<Multiplier>((sum, [p, m]) => addFractions(sum, mulFractions(p, m)), LOSE);
}
