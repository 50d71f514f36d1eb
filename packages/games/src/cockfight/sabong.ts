import { payoutAt } from '../originals/types';

/**
 * Cockfight (e-sabong) pools and payouts (GAMES.md §10, Appendix C 5).
 *
 * Meron and Wala are one pari-mutuel pool: with M and W the sides' stakes and p the commission
 * (plasada, basis points of the gross pool, 5 % by default), a winning side returns per 100
 * staked `(M + W) × (1 − p) ÷ side × 100`, truncated to two decimals (never rounded up) — the
 * figure shown live while bets come in, frozen when betting closes. Draw is house-banked at a
 * fixed ratio (8:1 by default: a draw bet returns 9 × its stake).
 *
 * Settlement:
 * - **Meron / Wala**: each winning bet returns `⌊stake × odds ÷ 100⌋` minor units with the odds
 *   in hundredths as shown (15833 → 158.33 per 100). The remainder rule: the truncated odds and
 *   each bet's rounding down leave a few minor units of the pool's (1 − p) share unpaid; they stay
 *   with the house beside the commission. What is paid never exceeds the pool less commission.
 *   Losing bets and draw bets return nothing.
 * - **Draw**: draw bets return stake × (ratio + 1); Meron and Wala bets are returned in full.
 * - **Cancelled** (by the operator, or because a side has no bets or the winning side's return per
 *   100 would be below 100 — a payout multiplier never falls below 1.00): every bet is returned.
 */

export const SABONG_SIDES = ['meron', 'wala', 'draw'] as const;
export type SabongSide = (typeof SABONG_SIDES)[number];
export type SabongResult = 'meron' | 'wala' | 'draw' | 'cancelled';

export interface SabongTerms {
  /** Commission on the gross Meron + Wala pool, basis points (500 = 5 %). */
  commissionBp: number;
  /** Draw pays `drawRatio`:1. */
  drawRatio: number;
}

export const DEFAULT_SABONG_TERMS: SabongTerms = { commissionBp: 500, drawRatio: 8 };

export interface SabongPools {
  meron: bigint;
  wala: bigint;
  draw: bigint;
}

/**
 * A side's return per 100 staked, in hundredths (15833 → 158.33), truncated; null while the side
 * (or the other) has no stake.
 */
export function sabongOdds(
  pools: SabongPools,
  side: 'meron' | 'wala',
  terms: SabongTerms,
): number | null {
  const own = pools[side];
  if (own <= 0n || pools.meron + pools.wala === own) return null;
  const net = (pools.meron + pools.wala) * BigInt(10_000 - terms.commissionBp);
  // (M + W)(1 − p)/side × 100, in hundredths: net/10000/own × 10000.
  return Number(net / own);
}

/** Both sides' odds. */
export function sabongBoard(pools: SabongPools, terms: SabongTerms) {
  return { meron: sabongOdds(pools, 'meron', terms), wala: sabongOdds(pools, 'wala', terms) };
}

/**
 * What a fight's result really is once the pools are known: a Meron or Wala win stands only when
 * both sides have stakes and the winner's return per 100 is at least 100; otherwise the fight is
 * cancelled (refunded). Draw and cancelled stand as declared.
 */
export function effectiveResult(
  declared: SabongResult,
  pools: SabongPools,
  terms: SabongTerms,
): { result: SabongResult; odds: number | null; reason?: 'one-sided' | 'below-stake' } {
  if (declared !== 'meron' && declared !== 'wala') return { result: declared, odds: null };
  const odds = sabongOdds(pools, declared, terms);
  if (odds === null) return { result: 'cancelled', odds: null, reason: 'one-sided' };
  if (odds < 10_000) return { result: 'cancelled', odds, reason: 'below-stake' };
  return { result: declared, odds };
}

/**
 * One bet's return on a fight's effective result (`effectiveResult`), in minor units; `odds` is
 * the winning side's return per 100 in hundredths (ignored otherwise).
 */
export function sabongPayout(
  bet: { side: SabongSide; stake: bigint },
  result: SabongResult,
  odds: number | null,
  terms: SabongTerms,
): bigint {
  switch (result) {
    case 'cancelled':
      return bet.stake;
    case 'draw':
      return bet.side === 'draw' ? bet.stake * BigInt(terms.drawRatio + 1) : bet.stake;
    case 'meron':
    case 'wala':
      if (bet.side !== result) return 0n;
      if (odds === null) throw new Error('a side win needs its odds');
      // Odds are the return per 100 in hundredths: a multiplier of odds ÷ 10,000.
      return payoutAt(bet.stake, { num: BigInt(odds), den: 10_000n });
  }
}

/** Odds in hundredths per 100 as text (15833 → "158.33"). */
export function sabongOddsText(odds: number): string {
  return `${Math.floor(odds / 100)}.${String(odds % 100).padStart(2, '0')}`;
}
