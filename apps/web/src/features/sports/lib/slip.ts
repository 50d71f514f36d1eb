import { combinedOdds, PARLAY_MAX_LEGS, PARLAY_MIN_LEGS, potentialReturn } from '@taya/games';
import type { Fixture, SportCode, SportsMarket } from '@taya/contracts';

/**
 * A selection on the bet slip: what it was picked on (so it reads the same away from its
 * fixture), the price the player sees, and whether that price moved or went away since.
 */
export interface SlipPick {
  fixture: string;
  sport: SportCode;
  home: string;
  away: string;
  market: string;
  kind: SportsMarket['kind'];
  period: SportsMarket['period'];
  line: number | null;
  selection: string;
  /** Decimal odds in thousandths. */
  odds: number;
  /** `changed`: the price moved (`previous` is what it was); `locked`: suspended; `gone`: no bets. */
  state: 'ok' | 'changed' | 'locked' | 'gone';
  previous: number | null;
  /** A single's stake as typed. */
  stake: string;
}

export type SlipMode = 'single' | 'parlay';

export interface Slip {
  mode: SlipMode;
  picks: SlipPick[];
  /** The parlay's stake as typed. */
  parlayStake: string;
}

/** The most selections a slip holds (singles); a parlay takes at most PARLAY_MAX_LEGS. */
export const SLIP_MAX_PICKS = 20;

export const emptySlip: Slip = { mode: 'single', picks: [], parlayStake: '' };

export const pickKey = (p: Pick<SlipPick, 'market' | 'selection'>) => `${p.market}:${p.selection}`;

/** A selection of a market of a fixture, as a slip pick. */
export function pickOf(fixture: Fixture, market: SportsMarket, selection: string): SlipPick {
  const sel = market.selections.find((s) => s.key === selection);
  return {
    fixture: fixture.id,
    sport: fixture.sport,
    home: fixture.home,
    away: fixture.away,
    market: market.id,
    kind: market.kind,
    period: market.period,
    line: market.line,
    selection,
    odds: sel?.odds ?? 0,
    state: 'ok',
    previous: null,
    stake: '',
  };
}

/**
 * Tapping a price: takes it off the slip when it is there, replaces another selection of the same
 * market, or adds it (up to SLIP_MAX_PICKS).
 */
export function togglePick(slip: Slip, pick: SlipPick): Slip {
  const key = pickKey(pick);
  if (slip.picks.some((p) => pickKey(p) === key))
    return { ...slip, picks: slip.picks.filter((p) => pickKey(p) !== key) };
  const sameMarket = slip.picks.findIndex((p) => p.market === pick.market);
  if (sameMarket >= 0) {
    const picks = slip.picks.slice();
    picks[sameMarket] = { ...pick, stake: slip.picks[sameMarket]!.stake };
    return { ...slip, picks };
  }
  if (slip.picks.length >= SLIP_MAX_PICKS) return slip;
  return { ...slip, picks: [...slip.picks, pick] };
}

export type ParlayProblem = 'too_few' | 'too_many' | 'same_fixture' | 'unavailable' | null;

/** Why the picks cannot make a parlay (2–10 legs, one per fixture, every one taking bets). */
export function parlayProblem(picks: readonly SlipPick[]): ParlayProblem {
  if (picks.length < PARLAY_MIN_LEGS) return 'too_few';
  if (picks.length > PARLAY_MAX_LEGS) return 'too_many';
  if (new Set(picks.map((p) => p.fixture)).size !== picks.length) return 'same_fixture';
  if (picks.some((p) => p.state === 'locked' || p.state === 'gone')) return 'unavailable';
  return null;
}

/** The parlay's price: every leg's odds multiplied, in thousandths rounded down. */
export function parlayOdds(picks: readonly Pick<SlipPick, 'odds'>[]): number {
  return combinedOdds(picks.map((p) => p.odds));
}

/** What a ticket returns if every leg wins, in minor units rounded down (never floats). */
export function ticketPotential(stakeMinor: bigint, odds: readonly number[]): bigint {
  return potentialReturn(
    stakeMinor,
    odds.map((o) => ({ odds: o, outcome: null })),
  );
}

export type StakeProblem = 'stake_missing' | 'below_min' | 'above_payout' | null;

/** A stake against the book's limits: at least the minimum, returning at most the max payout. */
export function stakeProblem(
  stakeMinor: bigint | null,
  potentialMinor: bigint,
  limits: { minStake: bigint; maxPayout: bigint },
): StakeProblem {
  if (stakeMinor === null || stakeMinor <= 0n) return 'stake_missing';
  if (stakeMinor < limits.minStake) return 'below_min';
  if (potentialMinor > limits.maxPayout) return 'above_payout';
  return null;
}

/**
 * The 409 `odds_changed` answer merged into the picks: each leg's price now replaces the one
 * shown and is marked changed (to be confirmed by placing again); null means the market no
 * longer takes bets.
 */
export function applyOddsChanged(
  picks: readonly SlipPick[],
  legs: readonly { market: string; selection: string; odds: number | null }[],
): SlipPick[] {
  const now = new Map(legs.map((l) => [pickKey(l), l.odds]));
  return picks.map((p) => {
    if (!now.has(pickKey(p))) return p;
    const odds = now.get(pickKey(p))!;
    if (odds === null) return { ...p, state: 'gone' };
    if (odds === p.odds) return p.state === 'ok' ? p : { ...p, state: 'ok' };
    return { ...p, odds, previous: p.odds, state: 'changed' };
  });
}

/**
 * A fixture from the feed applied to the picks on it: a moved price shows (marked changed), a
 * suspended market locks its picks, a market settled or void (or gone from the fixture) ends them.
 */
export function applyFixture(picks: readonly SlipPick[], fixture: Fixture): SlipPick[] {
  if (!picks.some((p) => p.fixture === fixture.id)) return picks as SlipPick[];
  const markets = new Map(fixture.markets.map((m) => [m.id, m]));
  return picks.map((p) => {
    if (p.fixture !== fixture.id) return p;
    const market = markets.get(p.market);
    if (!market)
      return fixture.status === 'finished' || fixture.status === 'cancelled'
        ? { ...p, state: 'gone' }
        : p;
    if (market.status === 'settled' || market.status === 'void') return { ...p, state: 'gone' };
    if (market.status === 'suspended') return p.state === 'locked' ? p : { ...p, state: 'locked' };
    const odds = market.selections.find((s) => s.key === p.selection)?.odds;
    if (odds === undefined) return { ...p, state: 'gone' };
    if (odds !== p.odds) return { ...p, odds, previous: p.odds, state: 'changed' };
    if (p.state === 'locked' || p.state === 'gone') return { ...p, state: 'ok' };
    return p;
  });
}

/** After the player confirms the moved prices (places again), the marks go. */
export function confirmChanges(picks: readonly SlipPick[]): SlipPick[] {
  return picks.map((p) => (p.state === 'changed' ? { ...p, state: 'ok', previous: null } : p));
}
