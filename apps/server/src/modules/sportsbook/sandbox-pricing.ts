import { settleLeg, type LegOutcome, type MarketSpec, type Score } from '@taya/games';

/**
 * Prices for the sandbox feed: each selection's fair decimal odds from the distribution of final
 * scores (and, for an in-play handicap, of the goals still to come), less the book's margin.
 * A market whose favourite is all but certain is suspended, as a trader would.
 */

export const SANDBOX_MARGIN = 0.05;

/** A distribution over final scores (probabilities sum to 1). */
export type ScoreDist = { home: number; away: number; p: number }[];

/** Poisson probabilities 0..max for mean `mean`, the tail folded into `max`. */
export function poisson(mean: number, max = 10): number[] {
  const out: number[] = [];
  let p = Math.exp(-mean);
  let sum = 0;
  for (let k = 0; k < max; k++) {
    out.push(p);
    sum += p;
    p = (p * mean) / (k + 1);
  }
  out.push(Math.max(0, 1 - sum));
  return out;
}

/** The score distribution of `current` plus independent remaining goals. */
export function addDist(current: Score, home: number[], away: number[]): ScoreDist {
  const out: ScoreDist = [];
  home.forEach((ph, h) =>
    away.forEach((pa, a) => {
      if (ph * pa > 0) out.push({ home: current.home + h, away: current.away + a, p: ph * pa });
    }),
  );
  return out;
}

/** A normal approximation of integer points still to come (mean, variance), as a distribution. */
export function normalDist(mean: number, variance: number, span = 5): { v: number; p: number }[] {
  if (variance <= 0) return [{ v: Math.round(mean), p: 1 }];
  const sd = Math.sqrt(variance);
  const lo = Math.floor(mean - span * sd);
  const hi = Math.ceil(mean + span * sd);
  const out: { v: number; p: number }[] = [];
  let sum = 0;
  for (let v = Math.max(0, lo); v <= hi; v++) {
    const p = normalCdf((v + 0.5 - mean) / sd) - normalCdf((v - 0.5 - mean) / sd);
    out.push({ v, p });
    sum += p;
  }
  return out.map((x) => ({ v: x.v, p: x.p / sum }));
}

/** The standard normal CDF (Abramowitz–Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/** Fair decimal odds from a selection's outcome probabilities (stake 1 returns 1 on average). */
export function fairOdds(p: Record<LegOutcome, number>): number {
  const winning = p.win + p['half-win'] / 2;
  if (winning <= 0) return Infinity;
  return (1 - p['half-win'] / 2 - p.push - p['half-loss'] / 2) / winning;
}

/**
 * Every selection's offered price (thousandths, down to hundredths, 1.01 … 500) for a market
 * settled on `dist`, leaving out those that can no longer win; null when one selection wins with
 * a probability above 98.5 % (suspend).
 * `scoreAtBet` prices an in-play handicap on the goals still to come.
 */
export function priceMarket(
  spec: MarketSpec,
  selections: string[],
  dist: ScoreDist,
  scoreAtBet: Score | null = null,
): Record<string, number> | null {
  const out: Record<string, number> = {};
  for (const selection of selections) {
    const p: Record<LegOutcome, number> = {
      win: 0,
      'half-win': 0,
      push: 0,
      'half-loss': 0,
      lose: 0,
      void: 0,
    };
    for (const s of dist)
      p[settleLeg({ spec, selection, score: { home: s.home, away: s.away }, scoreAtBet })] += s.p;
    if (p.win > 0.985) return null;
    // A selection that can no longer win (a correct score already passed) is not offered.
    if (p.win + p['half-win'] === 0) continue;
    const fair = fairOdds(p);
    const offered = fair / (1 + SANDBOX_MARGIN);
    const hundredths = Number.isFinite(offered) ? Math.floor(offered * 100) : 50_000;
    out[selection] = Math.min(500_000, Math.max(1010, hundredths * 10));
  }
  return out;
}
