import type { Rng } from '../kernel/fairness';
import { checkRtpBps, fraction } from './exact';
import type { InstantGame, Multiplier, ParamProblem } from './types';

/**
 * Scratch cards: a 3 × 3 card of symbols; three of one symbol anywhere on the card win its prize
 * (a multiplier of the card's price). The outcome is fixed when the card is bought: the prize
 * tier is drawn first, then the symbols are laid out to show exactly that tier; scratching only
 * reveals it.
 *
 * Cards (prize multiplier × weight, six symbols each, best first):
 *
 * | card    | theme              | prizes (× price : weight)                                        |
 * | ------- | ------------------ | ---------------------------------------------------------------- |
 * | carabao | Philippines        | carabao 100:1 · jeepney 25:4 · mango 10:12 · rooster 5:30 ·      |
 * |         |                    | parol 2:90 · coconut 1:200                                       |
 * | pagoda  | Myanmar            | pagoda 500:1 · chinthe 50:4 · elephant 20:10 · peacock 5:40 ·    |
 * |         |                    | lotus 3:60 · parasol 2:80                                        |
 * | fiesta  | general (carnival) | star 50:2 · clover 10:10 · cherry 4:40 · bell 2:120 ·            |
 * |         |                    | horseshoe 1.5:200 · coin 1:300                                   |
 *
 * The tier draw: with P = Σ weight × prize (prize in hundredths; 85,000, 144,000 and 120,000),
 * one `rng.int(100 × P)`; the prize tiers take `weight × rtpBps` each, in table order, and the
 * rest is "no win". So the return is Σ weight·rtpBps·prize/100 ÷ (100·P) = rtpBps ÷ 10,000
 * exactly, for any merchant rate from 9,500 to 9,900: the merchant's rate moves only the no-win
 * weight. Chance of a prize at 99 %: carabao 39.25 %, pagoda 13.40 %, fiesta 55.44 %.
 *
 * The layout: among every 3 × 3 card consistent with the tier (a prize: exactly three of its
 * symbol and at most two of each other; no win: at most two of every symbol) one is drawn
 * uniformly: a count vector (symbols in table order, each count 0–2, the prize's 3) is drawn
 * with weight 9! ÷ Π count! by one `rng.int(total)` over the vectors in lexicographic order,
 * then the symbols, laid out in table order, are shuffled by Fisher–Yates (`rng.int(i + 1)` for
 * i = 8 … 1, swapping i and the drawn index). Each consistent card is equally likely, so pairs
 * and "near misses" show as often as chance makes them and never by design.
 *
 * The price is any stake within the merchant's limits; the payout is floor(stake × prize).
 */

export const SCRATCH_ENGINE_ID = 'taya-scratch@1';
export const SCRATCH_CARDS = ['carabao', 'pagoda', 'fiesta'] as const;
export type ScratchCard = (typeof SCRATCH_CARDS)[number];
export const SCRATCH_CELLS = 9;
/** Three of a symbol win. */
export const SCRATCH_MATCH = 3;

export interface ScratchPrize {
  symbol: string;
  /** The prize in hundredths of the price (100 × price → 10,000). */
  hundredths: number;
  /** Relative weight at the nominal table (scaled by the merchant's rtpBps when drawn). */
  weight: number;
}

/** The cards' prize tables, best prize first (the order of the draw's tiers). */
export const SCRATCH_TABLES: Readonly<Record<ScratchCard, readonly ScratchPrize[]>> = {
  carabao: [
    { symbol: 'carabao', hundredths: 10_000, weight: 1 },
    { symbol: 'jeepney', hundredths: 2_500, weight: 4 },
    { symbol: 'mango', hundredths: 1_000, weight: 12 },
    { symbol: 'rooster', hundredths: 500, weight: 30 },
    { symbol: 'parol', hundredths: 200, weight: 90 },
    { symbol: 'coconut', hundredths: 100, weight: 200 },
  ],
  pagoda: [
    { symbol: 'pagoda', hundredths: 50_000, weight: 1 },
    { symbol: 'chinthe', hundredths: 5_000, weight: 4 },
    { symbol: 'elephant', hundredths: 2_000, weight: 10 },
    { symbol: 'peacock', hundredths: 500, weight: 40 },
    { symbol: 'lotus', hundredths: 300, weight: 60 },
    { symbol: 'parasol', hundredths: 200, weight: 80 },
  ],
  fiesta: [
    { symbol: 'star', hundredths: 5_000, weight: 2 },
    { symbol: 'clover', hundredths: 1_000, weight: 10 },
    { symbol: 'cherry', hundredths: 400, weight: 40 },
    { symbol: 'bell', hundredths: 200, weight: 120 },
    { symbol: 'horseshoe', hundredths: 150, weight: 200 },
    { symbol: 'coin', hundredths: 100, weight: 300 },
  ],
};

export interface ScratchParams {
  card: ScratchCard;
}

export interface ScratchOutcome extends Record<string, unknown> {
  card: ScratchCard;
  /** The nine symbols, row by row. */
  grid: string[];
  /** The prize's symbol, or null for no win. */
  prize: string | null;
  /** The cells (0–8) of the winning symbol, ascending; empty for no win. */
  cells: number[];
}

function table(card: ScratchCard): readonly ScratchPrize[] {
  const t = SCRATCH_TABLES[card];
  if (!t) throw new Error('no such scratch card');
  return t;
}

/** P of a card: Σ weight × prize in hundredths; the tier draw is `rng.int(100 × P)`. */
export function scratchTableSum(card: ScratchCard): number {
  return table(card).reduce((s, p) => s + p.weight * p.hundredths, 0);
}

/** The multiplier of a prize symbol (0 for none). */
export function scratchMultiplier(card: ScratchCard, prize: string | null): Multiplier {
  if (prize === null) return { num: 0n, den: 1n };
  const p = table(card).find((x) => x.symbol === prize);
  if (!p) throw new Error('no such scratch prize');
  return fraction(BigInt(p.hundredths), 100n);
}

/**
 * The tiers as drawn at a merchant's rate: each prize with its weight (weight × rtpBps), then
 * the no-win weight; the weights add up to 100 × P.
 */
export function scratchTiers(
  card: ScratchCard,
  rtpBps: number,
): { prize: string | null; weight: bigint; multiplier: Multiplier }[] {
  const rtp = checkRtpBps(rtpBps);
  const prizes = table(card).map((p) => ({
    prize: p.symbol as string | null,
    weight: BigInt(p.weight) * rtp,
    multiplier: scratchMultiplier(card, p.symbol),
  }));
  const won = prizes.reduce((s, p) => s + p.weight, 0n);
  const total = 100n * BigInt(scratchTableSum(card));
  if (won >= total) throw new Error('the scratch table leaves no room for a loss');
  return [...prizes, { prize: null, weight: total - won, multiplier: { num: 0n, den: 1n } }];
}

/** The chance of each tier as an exact fraction (same order as `scratchTiers`). */
export function scratchChances(
  card: ScratchCard,
  rtpBps: number,
): { prize: string | null; chance: Multiplier; multiplier: Multiplier }[] {
  const tiers = scratchTiers(card, rtpBps);
  const total = tiers.reduce((s, t) => s + t.weight, 0n);
  return tiers.map((t) => ({
    prize: t.prize,
    chance: fraction(t.weight, total),
    multiplier: t.multiplier,
  }));
}

/** The exact return, by enumerating the tiers: Σ weight × multiplier ÷ Σ weight. */
export function scratchRtp(card: ScratchCard, rtpBps: number): Multiplier {
  const tiers = scratchTiers(card, rtpBps);
  let num = 0n;
  let den = 0n;
  for (const t of tiers) {
    num += t.weight * t.multiplier.num * (100n / t.multiplier.den);
    den += t.weight;
  }
  return fraction(num, den * 100n);
}

/** The prize tier of a draw in 0 … 100·P − 1: the first tier whose cumulative weight passes it. */
export function scratchTierAt(card: ScratchCard, rtpBps: number, draw: number): string | null {
  let at = BigInt(draw);
  for (const t of scratchTiers(card, rtpBps)) {
    if (at < t.weight) return t.prize;
    at -= t.weight;
  }
  throw new Error('a tier draw beyond the table');
}

const FACTORIAL = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880];

/**
 * The count vectors consistent with a tier, in lexicographic order, each with the number of
 * cards laying it out (9! ÷ Π count!).
 */
export function scratchCountVectors(
  card: ScratchCard,
  prize: string | null,
): readonly { counts: number[]; cards: number }[] {
  const key = `${card}:${prize}`;
  const known = vectorCache.get(key);
  if (known) return known;
  const vectors = countVectors(card, prize);
  vectorCache.set(key, vectors);
  return vectors;
}

const vectorCache = new Map<string, readonly { counts: number[]; cards: number }[]>();

function countVectors(
  card: ScratchCard,
  prize: string | null,
): { counts: number[]; cards: number }[] {
  const symbols = table(card).map((p) => p.symbol);
  if (prize !== null && !symbols.includes(prize)) throw new Error('no such scratch prize');
  const out: { counts: number[]; cards: number }[] = [];
  const counts: number[] = [];
  const walk = (i: number, left: number) => {
    if (i === symbols.length) {
      if (left === 0)
        out.push({
          counts: [...counts],
          cards: counts.reduce((c, n) => c / FACTORIAL[n]!, FACTORIAL[SCRATCH_CELLS]!),
        });
      return;
    }
    const options = symbols[i] === prize ? [SCRATCH_MATCH] : [0, 1, 2];
    for (const n of options) {
      if (n > left) continue;
      counts.push(n);
      walk(i + 1, left - n);
      counts.pop();
    }
  };
  walk(0, SCRATCH_CELLS);
  return out;
}

/** Lays out a card showing exactly `prize` (null: no win), uniformly among such cards. */
export function layOutScratch(card: ScratchCard, prize: string | null, rng: Rng): string[] {
  const symbols = table(card).map((p) => p.symbol);
  const vectors = scratchCountVectors(card, prize);
  const total = vectors.reduce((s, v) => s + v.cards, 0);
  let at = rng.int(total);
  const chosen = vectors.find((v) => {
    if (at < v.cards) return true;
    at -= v.cards;
    return false;
  })!;
  const grid = chosen.counts.flatMap((n, i) => Array<string>(n).fill(symbols[i]!));
  for (let i = SCRATCH_CELLS - 1; i >= 1; i--) {
    const j = rng.int(i + 1);
    [grid[i], grid[j]] = [grid[j]!, grid[i]!];
  }
  return grid;
}

/** Reads a card as a player does: the symbol shown three (or more) times, and where. */
export function readScratch(grid: readonly string[]): { prize: string | null; cells: number[] } {
  const counts = new Map<string, number>();
  for (const s of grid) counts.set(s, (counts.get(s) ?? 0) + 1);
  const winners = [...counts].filter(([, n]) => n >= SCRATCH_MATCH).map(([s]) => s);
  if (winners.length > 1) throw new Error('a card with two winning symbols');
  const prize = winners[0] ?? null;
  return {
    prize,
    cells: prize === null ? [] : grid.flatMap((s, i) => (s === prize ? [i] : [])),
  };
}

export function parseScratch(
  params: unknown,
): { ok: true; params: ScratchParams } | { ok: false; problems: ParamProblem[] } {
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<
    string,
    unknown
  >;
  const problems: ParamProblem[] = [];
  if (typeof p.card !== 'string' || !(SCRATCH_CARDS as readonly string[]).includes(p.card))
    problems.push({ path: 'params.card', message: `one of ${SCRATCH_CARDS.join(', ')}` });
  for (const key of Object.keys(p))
    if (key !== 'card')
      problems.push({ path: `params.${key}`, message: 'not a scratch parameter' });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, params: { card: p.card as ScratchCard } };
}

export const scratch: InstantGame<ScratchParams, ScratchOutcome> = {
  id: SCRATCH_ENGINE_ID,
  parse: parseScratch,
  maxMultiplier(params) {
    return table(params.card).reduce<Multiplier>(
      (best, p) => {
        const m = scratchMultiplier(params.card, p.symbol);
        return m.num * best.den > best.num * m.den ? m : best;
      },
      { num: 0n, den: 1n },
    );
  },
  play(params, rng, rtpBps) {
    if (!parseScratch(params).ok) throw new Error('scratch params must be parsed first');
    const total = 100 * scratchTableSum(params.card);
    const tier = scratchTierAt(params.card, rtpBps, rng.int(total));
    const grid = layOutScratch(params.card, tier, rng);
    const { prize, cells } = readScratch(grid);
    if (prize !== tier) throw new Error('a card laid out against its tier');
    return {
      outcome: { card: params.card, grid, prize, cells },
      multiplier: scratchMultiplier(params.card, prize),
    };
  },
  rtp(params, rtpBps) {
    return scratchRtp(params.card, rtpBps);
  },
};
