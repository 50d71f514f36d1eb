import type { LegOutcome } from './markets';

/**
 * What a ticket returns (GAMES.md §11.2, Appendix C 6), in minor units, rounded down once.
 *
 * Each leg contributes a factor on the stake: win D, half win (D + 1)/2, push or void 1, half
 * loss ½, loss 0 (D the leg's decimal odds). A single returns stake × its factor; a parlay
 * (2–10 legs, one selection per fixture) stake × the product of its legs' factors — a void or
 * pushed leg drops out (factor 1) and the rest stand, down to a single; every leg void returns
 * the stake. The product is exact (fractions in thousandths) and rounded down to the minor unit
 * only at the end, so a ticket never pays a fraction of a cent more than its odds say.
 */

export const PARLAY_MIN_LEGS = 2;
export const PARLAY_MAX_LEGS = 10;

export interface TicketLeg {
  /** Decimal odds in thousandths, as accepted. */
  odds: number;
  /** null while the leg's market is not settled. */
  outcome: LegOutcome | null;
}

export type TicketStatus = 'open' | 'won' | 'half-won' | 'push' | 'half-lost' | 'lost' | 'void';

export interface Factor {
  num: bigint;
  den: bigint;
}

/** A leg's factor on the stake. */
export function legFactor(odds: number, outcome: LegOutcome): Factor {
  const d = BigInt(odds);
  switch (outcome) {
    case 'win':
      return { num: d, den: 1000n };
    case 'half-win':
      return { num: d + 1000n, den: 2000n };
    case 'push':
    case 'void':
      return { num: 1n, den: 1n };
    case 'half-loss':
      return { num: 1n, den: 2n };
    case 'lose':
      return { num: 0n, den: 1n };
  }
}

/** The return on `stake` of every leg's factor multiplied, rounded down to the minor unit. */
export function ticketReturn(
  stake: bigint,
  legs: readonly { odds: number; outcome: LegOutcome }[],
): bigint {
  let num = stake;
  let den = 1n;
  for (const leg of legs) {
    const f = legFactor(leg.odds, leg.outcome);
    num *= f.num;
    den *= f.den;
  }
  return num / den;
}

/** What the ticket returns if every open leg wins (its potential return), rounded down. */
export function potentialReturn(stake: bigint, legs: readonly TicketLeg[]): bigint {
  return ticketReturn(
    stake,
    legs.map((l) => ({ odds: l.odds, outcome: l.outcome ?? 'win' })),
  );
}

/** The combined decimal odds of legs all winning, in thousandths rounded down (a parlay's price). */
export function combinedOdds(odds: readonly number[]): number {
  return Number(
    ticketReturn(
      1000n,
      odds.map((o) => ({ odds: o, outcome: 'win' as const })),
    ),
  );
}

/**
 * A ticket's state: `open` while any leg is open and none has lost (a lost leg settles a parlay at
 * once), otherwise settled — `void` when every leg is void, `push` when the return is the stake,
 * `won`/`lost` when it beats the stake or returns nothing, and `half-won`/`half-lost` for a single
 * on a quarter line (a parlay that moves by half a leg is `won` or `lost` by its return).
 */
export function ticketStatus(
  stake: bigint,
  legs: readonly TicketLeg[],
): {
  status: TicketStatus;
  payout: bigint | null;
} {
  if (legs.some((l) => l.outcome === 'lose')) return { status: 'lost', payout: 0n };
  if (legs.some((l) => l.outcome === null)) return { status: 'open', payout: null };
  const settled = legs as readonly { odds: number; outcome: LegOutcome }[];
  const payout = ticketReturn(stake, settled);
  if (settled.every((l) => l.outcome === 'void')) return { status: 'void', payout };
  if (legs.length === 1) {
    const o = settled[0]!.outcome;
    const single: Record<LegOutcome, TicketStatus> = {
      win: 'won',
      'half-win': 'half-won',
      push: 'push',
      'half-loss': 'half-lost',
      lose: 'lost',
      void: 'void',
    };
    return { status: single[o], payout };
  }
  if (payout === stake) return { status: 'push', payout };
  return { status: payout > stake ? 'won' : payout === 0n ? 'lost' : 'half-lost', payout };
}

/** Cash-out margin (Appendix C 6): the offer is the fair price less 5 %. */
export const CASHOUT_MARGIN_BP = 500;

/**
 * A full cash-out offer (GAMES.md §11.4): settled legs count their factor, each open leg the
 * price it was accepted at over its price now (stake × Π settled × Π placed/now), less the
 * margin, rounded down. Null when a leg has lost or an open leg has no price now (suspended).
 */
export function cashoutOffer(
  stake: bigint,
  legs: readonly (TicketLeg & { oddsNow: number | null })[],
): bigint | null {
  let num = stake * BigInt(10_000 - CASHOUT_MARGIN_BP);
  let den = 10_000n;
  for (const leg of legs) {
    if (leg.outcome === 'lose') return null;
    if (leg.outcome === null) {
      if (leg.oddsNow === null) return null;
      num *= BigInt(leg.odds);
      den *= BigInt(leg.oddsNow);
    } else {
      const f = legFactor(leg.odds, leg.outcome);
      num *= f.num;
      den *= f.den;
    }
  }
  return num / den;
}
