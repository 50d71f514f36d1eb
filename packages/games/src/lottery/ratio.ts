import type { PrizeHit, Ratio } from './types';

/** An exact payout ratio; `ratio(197, 100)` is 1.97 per unit. Integers only. */
export function ratio(num: bigint | number, den: bigint | number = 1n): Ratio {
  const n = BigInt(num);
  const d = BigInt(den);
  if (n < 0n || d <= 0n) throw new Error('a ratio needs num ≥ 0 and den > 0');
  return { num: n, den: d };
}

/**
 * What a stake returns for a set of prize hits: `floor(stake × Σ count × num / den)`, summed
 * exactly before the one rounding, which is down (a fraction of a minor unit is never paid).
 */
export function payoutForHits(
  stake: bigint,
  hits: readonly PrizeHit[],
  pays: Readonly<Record<string, Ratio>>,
): bigint {
  let num = 0n;
  let den = 1n;
  for (const hit of hits) {
    const r = pays[hit.prize];
    if (!r) throw new Error(`no payout for prize ${hit.prize}`);
    num = num * r.den + BigInt(hit.count) * r.num * den;
    den *= r.den;
  }
  return (stake * num) / den;
}
