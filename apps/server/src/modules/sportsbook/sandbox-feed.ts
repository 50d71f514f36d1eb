import { createHmac } from 'node:crypto';
import type { SportCode } from '@taya/contracts';
import { fairRng, marketSelections, type MarketSpec, type Rng, type Score } from '@taya/games';
import type { FeedFixture, FeedLeague, FeedMarket, SportsFeedAdapter } from './feed';
import { addDist, normalDist, poisson, priceMarket, type ScoreDist } from './sandbox-pricing';

/**
 * The sandbox feed: simulated football, basketball and e-sports matches played in accelerated
 * time, so the book can be tried end to end where no provider can be reached. Every fixture is
 * labelled simulated on every page.
 *
 * A programme starts a match of each league at a fixed interval; the next six hours are listed.
 * Each match is drawn in full from a seed (an HMAC of the sandbox's secret and the fixture's
 * reference, through the fairness kit's generator) — football goals and their minutes, basketball
 * points minute by minute, e-sports map winners — and what the feed says at any moment is read
 * off that draw: the clock, the score so far, and prices from the distribution of what is still
 * to come (`sandbox-pricing.ts`). Markets are suspended for a few seconds after a goal, and when
 * their outcome is all but certain. About one fixture in thirty is postponed, then cancelled.
 * Being a pure function of the time, it survives restarts and agrees across nodes.
 *
 * Football: 1 simulated minute = 6 s (a match in 10 minutes with a one-minute half time);
 * basketball: 1 minute = 10 s (48 minutes, then 5-minute overtimes while level); e-sports: best
 * of three, 3 minutes a map.
 */

interface League extends FeedLeague {
  every: number;
  offset: number;
  teams: string[];
}

const MIN = 60_000;

export const SANDBOX_LEAGUES: League[] = [
  {
    id: 'sbx-vfl',
    sport: 'football',
    name: 'Visayas Football League',
    country: 'PH',
    sort: 1,
    every: 15 * MIN,
    offset: 0,
    teams: [
      'Cebu Sharks',
      'Iloilo Hawks',
      'Bacolod Tigers',
      'Tacloban Waves',
      'Dumaguete Stars',
      'Bohol Reefs',
    ],
  },
  {
    id: 'sbx-mnl',
    sport: 'football',
    name: 'Ayeyarwady Premier League',
    country: 'MM',
    sort: 2,
    every: 30 * MIN,
    offset: 7 * MIN,
    teams: [
      'Yangon Lions',
      'Mandalay Royals',
      'Bago Elephants',
      'Mawlamyine Port',
      'Taunggyi Hills',
      'Pathein Delta',
    ],
  },
  {
    id: 'sbx-pcup',
    sport: 'basketball',
    name: 'Philippine Cup',
    country: 'PH',
    sort: 3,
    every: 20 * MIN,
    offset: 5 * MIN,
    teams: [
      'Manila Tamaraws',
      'Quezon Kings',
      'Davao Eagles',
      'Pampanga Giants',
      'Batangas Blades',
      'Laguna Heat',
      'Cavite Storm',
      'Bicol Volcanoes',
    ],
  },
  {
    id: 'sbx-mlbb',
    sport: 'mlbb',
    name: 'MLBB Islands Series',
    country: 'PH',
    sort: 4,
    every: 20 * MIN,
    offset: 10 * MIN,
    teams: [
      'Team Sampaguita',
      'Mayon Esports',
      'Luzon Lynx',
      'Mindanao Mantis',
      'Taal Titans',
      'Palawan Pirates',
    ],
  },
  {
    id: 'sbx-dota',
    sport: 'dota2',
    name: 'Dota 2 Mekong Masters',
    country: 'MM',
    sort: 5,
    every: 30 * MIN,
    offset: 20 * MIN,
    teams: ['Irrawaddy Five', 'Shan Highlanders', 'Golden Rock', 'Inle Phantoms', 'Bagan Ancients'],
  },
];

const FOOTBALL_MIN = 6_000;
const HALF_TIME = MIN;
const BASKETBALL_MIN = 10_000;
const MAP_MS = 3 * MIN;
const SUSPEND_AFTER_GOAL = 8_000;
const LOOKAHEAD = 6 * 60 * MIN;

const rating = (team: string) =>
  createHmac('sha256', 'rating').update(team).digest().readUInt16BE(0) / 65_535;
const uniform = (rng: Rng) => rng.int(1_000_000_000) / 1_000_000_000;

function samplePoisson(rng: Rng, mean: number): number {
  const u = uniform(rng);
  let k = 0;
  let p = Math.exp(-mean);
  let cdf = p;
  while (u > cdf && k < 15) {
    k += 1;
    p = (p * mean) / k;
    cdf += p;
  }
  return k;
}

interface Base {
  ref: string;
  league: League;
  home: string;
  away: string;
  startsAt: number;
  cancelled: boolean;
}

/** Points a basketball team scores in a minute: two possessions of 0, 1, 2 or 3. */
const POSSESSION = [0.48, 0.05, 0.32, 0.15];
function possessionWeights(edge: number) {
  return [
    POSSESSION[0]! - edge,
    POSSESSION[1]!,
    POSSESSION[2]! + edge * 0.6,
    POSSESSION[3]! + edge * 0.4,
  ];
}
function minuteMoments(w: number[]) {
  const mean = w[1]! + 2 * w[2]! + 3 * w[3]!;
  const second = w[1]! + 4 * w[2]! + 9 * w[3]!;
  return { mean: 2 * mean, variance: 2 * (second - mean * mean) };
}
function samplePossession(rng: Rng, w: number[]) {
  let u = uniform(rng);
  for (let i = 0; i < w.length; i++) {
    if (u < w[i]!) return i;
    u -= w[i]!;
  }
  return 0;
}

export class SandboxSportsFeed implements SportsFeedAdapter {
  readonly name = 'sandbox';
  readonly simulated = true;

  /** A fixture before kick-off does not change: priced once (the pricing is the costly part). */
  private readonly prematch = new Map<string, FeedFixture>();

  constructor(private readonly secret: string) {}

  leagues(): FeedLeague[] {
    return SANDBOX_LEAGUES.map(({ id, sport, name, country, sort }) => ({
      id,
      sport,
      name,
      country,
      sort,
    }));
  }

  /** Every fixture from `now − 30 min` to `now + 6 h`, as it stands at `now`. */
  pull(now: number): FeedFixture[] {
    const out: FeedFixture[] = [];
    for (const league of SANDBOX_LEAGUES) {
      const first = Math.ceil((now - 30 * MIN - league.offset) / league.every);
      const last = Math.floor((now + LOOKAHEAD - league.offset) / league.every);
      for (let slot = first; slot <= last; slot++) out.push(this.fixture(league, slot, now));
    }
    return out;
  }

  rng(ref: string): Rng {
    const seed = createHmac('sha256', this.secret).update(ref).digest('hex');
    return fairRng(seed, ref, 0);
  }

  fixture(league: League, slot: number, now: number): FeedFixture {
    const ref = `${league.id}-${slot}`;
    const startsAt = slot * league.every + league.offset;
    const early = now < startsAt - 10 * MIN;
    const kept = early ? this.prematch.get(ref) : undefined;
    if (kept) return kept;
    const drawn = this.draw(league, slot, ref, now);
    if (early) {
      if (this.prematch.size > 2_000) this.prematch.clear();
      this.prematch.set(ref, drawn);
    } else this.prematch.delete(ref);
    return drawn;
  }

  private draw(league: League, slot: number, ref: string, now: number): FeedFixture {
    const rng = this.rng(ref);
    const h = rng.int(league.teams.length);
    const a = (h + 1 + rng.int(league.teams.length - 1)) % league.teams.length;
    const base: Base = {
      ref,
      league,
      home: league.teams[h]!,
      away: league.teams[a]!,
      startsAt: slot * league.every + league.offset,
      cancelled: rng.int(30) === 0,
    };
    const fixture =
      league.sport === 'football'
        ? football(base, rng, now)
        : league.sport === 'basketball'
          ? basketball(base, rng, now)
          : bestOfThree(base, rng, now);
    if (base.cancelled && now >= base.startsAt - 10 * MIN)
      return {
        ...fixture,
        status: now >= base.startsAt ? 'cancelled' : 'postponed',
        clock: null,
        scores: {},
        markets: fixture.markets.map((m) => ({ ...m, status: 'suspended' })),
      };
    return fixture;
  }
}

function feedFixture(
  b: Base,
  sport: SportCode,
): Omit<FeedFixture, 'status' | 'clock' | 'scores' | 'markets'> {
  return {
    ref: b.ref,
    sport,
    league: b.league.id,
    home: b.home,
    away: b.away,
    startsAt: new Date(b.startsAt),
  };
}

function market(
  ref: string,
  spec: MarketSpec,
  period: FeedMarket['period'],
  dist: ScoreDist | null,
  open: boolean,
  main: boolean,
  sort: number,
): FeedMarket {
  const selections = marketSelections(spec);
  const odds = dist ? priceMarket(spec, selections, dist) : null;
  return {
    ref,
    kind: spec.kind,
    period,
    ...(spec.line === undefined ? {} : { line: spec.line }),
    ...(spec.scores ? { scores: [...spec.scores] } : {}),
    odds: odds ?? Object.fromEntries(selections.map((s) => [s, 1010])),
    status: open && odds ? 'open' : 'suspended',
    main,
    sort,
  };
}

/** In play, a handicap counts only what comes after the bet: the distribution less the score now. */
const toCome = (dist: ScoreDist, now: Score): ScoreDist =>
  dist.map((d) => ({ home: d.home - now.home, away: d.away - now.away, p: d.p }));

const CS_SCORES = [
  '0-0',
  '1-0',
  '0-1',
  '1-1',
  '2-0',
  '0-2',
  '2-1',
  '1-2',
  '2-2',
  '3-0',
  '0-3',
  '3-1',
  '1-3',
];

/** A football match: goals and their minutes drawn up front, priced by Poisson on the rest. */
function football(b: Base, rng: Rng, now: number): FeedFixture {
  const edge = rating(b.home) - rating(b.away);
  const lh = Math.min(3, Math.max(0.4, 1.45 + 0.9 * edge));
  const la = Math.min(3, Math.max(0.3, 1.15 - 0.9 * edge));
  const goals = [
    ...Array.from({ length: samplePoisson(rng, lh) }, () => ({
      side: 'home' as const,
      minute: 1 + rng.int(90),
    })),
    ...Array.from({ length: samplePoisson(rng, la) }, () => ({
      side: 'away' as const,
      minute: 1 + rng.int(90),
    })),
  ];
  const elapsed = now - b.startsAt;
  const end = 90 * FOOTBALL_MIN + HALF_TIME;
  // The simulated minute now, and the real time each minute was reached.
  const minute =
    elapsed < 0
      ? 0
      : elapsed < 45 * FOOTBALL_MIN
        ? elapsed / FOOTBALL_MIN
        : elapsed < 45 * FOOTBALL_MIN + HALF_TIME
          ? 45
          : Math.min(90, (elapsed - HALF_TIME) / FOOTBALL_MIN);
  const realAt = (m: number) => b.startsAt + m * FOOTBALL_MIN + (m > 45 ? HALF_TIME : 0);
  const scoreAt = (m: number, upTo = 90): Score => ({
    home: goals.filter((g) => g.side === 'home' && g.minute <= Math.min(m, upTo)).length,
    away: goals.filter((g) => g.side === 'away' && g.minute <= Math.min(m, upTo)).length,
  });
  const status = elapsed < 0 ? 'scheduled' : elapsed >= end ? 'finished' : 'live';
  const ft = scoreAt(Math.floor(minute));
  const h1 = scoreAt(Math.floor(minute), 45);
  const justScored = goals.some(
    (g) => now >= realAt(g.minute) && now - realAt(g.minute) < SUSPEND_AFTER_GOAL,
  );
  const rest = (90 - minute) / 90;
  const restH1 = Math.max(0, (45 - minute) / 90);
  const ftDist = addDist(ft, poisson(lh * rest), poisson(la * rest));
  const h1Dist = addDist(h1, poisson(lh * restH1), poisson(la * restH1));
  const taking = status !== 'finished' && !justScored;
  const total = 4 * Math.floor(lh + la) + 2;
  const ah = -Math.max(-6, Math.min(6, Math.round(4 * (lh - la) * 0.75)));
  const h1Total = 4 * Math.floor((lh + la) / 2) + 2;
  const scores: Record<string, Score> = status === 'scheduled' ? {} : { ft, h1 };
  return {
    ...feedFixture(b, 'football'),
    status,
    clock:
      status !== 'live'
        ? null
        : minute === 45 && elapsed >= 45 * FOOTBALL_MIN
          ? 'HT'
          : `${Math.floor(minute) + 1}'`,
    scores,
    markets: [
      market('1x2', { kind: '1x2' }, 'ft', ftDist, taking, true, 1),
      // In play, the handicap is priced on the goals still to come (a bet counts from its score).
      market(
        'ah',
        { kind: 'ah', line: ah },
        'ft',
        status === 'live' ? toCome(ftDist, ft) : ftDist,
        taking,
        true,
        2,
      ),
      market('ou', { kind: 'ou', line: total }, 'ft', ftDist, taking, true, 3),
      market('btts', { kind: 'btts' }, 'ft', ftDist, taking, false, 4),
      market('cs', { kind: 'cs', scores: CS_SCORES }, 'ft', ftDist, taking, false, 5),
      market('oe', { kind: 'oe' }, 'ft', ftDist, taking, false, 6),
      market('h1-1x2', { kind: '1x2' }, 'h1', h1Dist, taking && minute < 45, false, 7),
      market('h1-ou', { kind: 'ou', line: h1Total }, 'h1', h1Dist, taking && minute < 45, false, 8),
    ],
  };
}

/** A basketball game: points minute by minute, priced by a normal approximation of the rest. */
function basketball(b: Base, rng: Rng, now: number): FeedFixture {
  const edge = (rating(b.home) - rating(b.away)) * 0.06 + 0.01;
  const wh = possessionWeights(edge / 2);
  const wa = possessionWeights(-edge / 2);
  const points: { home: number; away: number }[] = [];
  const minuteOf = () => ({
    home: samplePossession(rng, wh) + samplePossession(rng, wh),
    away: samplePossession(rng, wa) + samplePossession(rng, wa),
  });
  for (let m = 0; m < 48; m++) points.push(minuteOf());
  const sum = (n: number) =>
    points
      .slice(0, n)
      .reduce((s, p) => ({ home: s.home + p.home, away: s.away + p.away }), { home: 0, away: 0 });
  let length = 48;
  while (length < 48 + 5 * 4) {
    const s = sum(length);
    if (s.home !== s.away) break;
    for (let m = 0; m < 5; m++) points.push(minuteOf());
    length += 5;
  }
  const elapsed = now - b.startsAt;
  const played = elapsed < 0 ? 0 : Math.min(length, Math.floor(elapsed / BASKETBALL_MIN));
  const status = elapsed < 0 ? 'scheduled' : played >= length ? 'finished' : 'live';
  const ot = sum(played);
  const h1 = sum(Math.min(24, played));
  const mh = minuteMoments(wh);
  const ma = minuteMoments(wa);
  const rest = Math.max(0, 48 - played);
  const restH1 = Math.max(0, 24 - played);
  const dist = (current: Score, minutes: number): ScoreDist => {
    const dh = normalDist(mh.mean * minutes, mh.variance * minutes);
    const da = normalDist(ma.mean * minutes, ma.variance * minutes);
    const out: ScoreDist = [];
    for (const x of dh)
      for (const y of da)
        if (x.p * y.p > 1e-7)
          out.push({ home: current.home + x.v, away: current.away + y.v, p: x.p * y.p });
    return out;
  };
  const otDist = dist(ot, rest);
  const h1Dist = dist(h1, restH1);
  const expected = { home: mh.mean * 48, away: ma.mean * 48 };
  const spread = -(4 * Math.round(expected.home - expected.away) + 2);
  const total = 4 * Math.round(expected.home + expected.away) + 2;
  const h1Total = 4 * Math.round((expected.home + expected.away) / 2) + 2;
  const taking = status !== 'finished' && played < 48;
  const quarter = Math.floor(played / 12) + 1;
  const left = played >= 48 ? length - played : 12 - (played % 12);
  return {
    ...feedFixture(b, 'basketball'),
    status,
    clock: status !== 'live' ? null : played >= 48 ? `OT ${left}:00` : `Q${quarter} ${left}:00`,
    scores: status === 'scheduled' ? {} : { ot, h1 },
    markets: [
      market('ml', { kind: 'ml' }, 'ot', otDist, taking, true, 1),
      market(
        'ah',
        { kind: 'ah', line: spread },
        'ot',
        status === 'live' ? toCome(otDist, ot) : otDist,
        taking,
        true,
        2,
      ),
      market('ou', { kind: 'ou', line: total }, 'ot', otDist, taking, true, 3),
      market('oe', { kind: 'oe' }, 'ot', otDist, taking, false, 4),
      market('h1-ml', { kind: 'ml' }, 'h1', h1Dist, taking && played < 24, false, 5),
      market('h1-ou', { kind: 'ou', line: h1Total }, 'h1', h1Dist, taking && played < 24, false, 6),
    ],
  };
}

/** An e-sports best of three: each map's winner drawn up front, priced by enumeration. */
function bestOfThree(b: Base, rng: Rng, now: number): FeedFixture {
  const p = Math.min(0.8, Math.max(0.2, 0.5 + 0.35 * (rating(b.home) - rating(b.away))));
  const maps: ('home' | 'away')[] = [];
  while (maps.filter((m) => m === 'home').length < 2 && maps.filter((m) => m === 'away').length < 2)
    maps.push(uniform(rng) < p ? 'home' : 'away');
  const elapsed = now - b.startsAt;
  const done = elapsed < 0 ? 0 : Math.min(maps.length, Math.floor(elapsed / MAP_MS));
  const status = elapsed < 0 ? 'scheduled' : done >= maps.length ? 'finished' : 'live';
  const score = {
    home: maps.slice(0, done).filter((m) => m === 'home').length,
    away: maps.slice(0, done).filter((m) => m === 'away').length,
  };
  const dist: ScoreDist = [];
  const walk = (s: Score, q: number) => {
    if (s.home === 2 || s.away === 2) {
      dist.push({ ...s, p: q });
      return;
    }
    walk({ home: s.home + 1, away: s.away }, q * p);
    walk({ home: s.home, away: s.away + 1 }, q * (1 - p));
  };
  walk(score, 1);
  const justEnded = done > 0 && elapsed - done * MAP_MS < SUSPEND_AFTER_GOAL;
  const taking = status !== 'finished' && !justEnded;
  return {
    ...feedFixture(b, b.league.sport),
    status,
    clock: status === 'live' ? `Map ${done + 1}` : null,
    scores: status === 'scheduled' ? {} : { maps: score },
    markets: [
      market('ml', { kind: 'ml' }, 'maps', dist, taking, true, 1),
      market(
        'ah',
        { kind: 'ah', line: p >= 0.5 ? -6 : 6 },
        'maps',
        status === 'live' ? toCome(dist, score) : dist,
        taking,
        true,
        2,
      ),
      market('ou', { kind: 'ou', line: 10 }, 'maps', dist, taking, true, 3),
    ],
  };
}
