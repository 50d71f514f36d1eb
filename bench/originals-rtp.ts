/**
 * The house originals' return to player and the fairness kit's randomness, measured.
 *
 * `npm run bench:originals-rtp` (ROUNDS=10,000,000 rounds per game and RNG_OUTPUTS=10,000,000
 * outputs per RNG test by default, 0 to skip them; GAMES=plinko,keno,mines,colour,crash,scratch picks
 * the games to simulate). Prints:
 *   1. every game's exact RTP (the engines' own enumeration);
 *   2. a simulation of ROUNDS rounds per game through `fairRng` (crash: through its hash chain),
 *      the simulated RTP beside the exact one, the difference in percentage points and in
 *      standard errors;
 *   3. chi-square tests of `rng.int(n)` for several n and of every game's result distribution
 *      against its exact law, and Wald–Wolfowitz runs tests, each at the 99 % level.
 * Never fails: it prints the figures and says which tests passed.
 */

import {
  COLOUR_GAME_COLOURS,
  KENO_RISKS,
  MINES_TILES,
  PLINKO_RISKS,
  SCRATCH_CARDS,
  cashOut,
  colourGameRtp,
  crashChance,
  crashPoint,
  crashRtp,
  drawColourGame,
  fairRng,
  keno,
  kenoHitChance,
  minesMultiplier,
  minesResult,
  newServerSeed,
  nextChainHash,
  openMines,
  payoutAt,
  plinko,
  revealTile,
  scratch,
  scratchChances,
  settleColourGame,
  type Multiplier,
  type PlinkoParams,
} from '@taya/games';

const ROUNDS = Number(process.env.ROUNDS ?? 10_000_000);
const RNG_OUTPUTS = Number(process.env.RNG_OUTPUTS ?? 10_000_000);
const GAMES = new Set((process.env.GAMES ?? 'plinko,keno,mines,colour,crash,scratch').split(','));
const RTP_BPS = 9_900;
const STAKE = 1_000_000n; // minor units per round: payouts are rounded down as in play
const toNumber = (f: Multiplier) => Number(f.num) / Number(f.den);
const pct = (x: number, digits = 4) => (x * 100).toFixed(digits);

// ---- Statistics ----------------------------------------------------------------------------

const Z99 = 2.5758293035489; // two-sided 99 %
const Z99_ONE_SIDED = 2.3263478740408;
// Upper 1 % points of chi-square for df 1–10; above that the Wilson–Hilferty approximation is
// within 0.1 %.
const CHI2_99 = [0, 6.635, 9.21, 11.345, 13.277, 15.086, 16.812, 18.475, 20.09, 21.666, 23.209];
function chi2Critical(df: number): number {
  if (df < CHI2_99.length) return CHI2_99[df]!;
  const c = 2 / (9 * df);
  return df * (1 - c + Z99_ONE_SIDED * Math.sqrt(c)) ** 3;
}
/** Upper tail of the standard normal (Abramowitz–Stegun 26.2.17, |error| < 7.5e-8). */
function normalTail(z: number): number {
  if (z < 0) return 1 - normalTail(-z);
  const t = 1 / (1 + 0.2316419 * z);
  const poly =
    t *
    (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI)) * poly;
}
/** p-value of a chi-square statistic (Wilson–Hilferty). */
function chi2P(stat: number, df: number): number {
  const c = 2 / (9 * df);
  return normalTail(((stat / df) ** (1 / 3) - (1 - c)) / Math.sqrt(c));
}

interface TestLine {
  name: string;
  stat: string;
  pass: boolean;
}
const tests: TestLine[] = [];

/** Chi-square of observed counts against probabilities; cells expecting < 5 are pooled. */
function chiSquare(name: string, observed: number[], probs: number[]): void {
  const total = observed.reduce((a, b) => a + b, 0);
  const cells: { o: number; e: number }[] = [];
  let pool = { o: 0, e: 0 };
  for (let i = 0; i < observed.length; i++) {
    pool = { o: pool.o + observed[i]!, e: pool.e + probs[i]! * total };
    if (pool.e >= 5) {
      cells.push(pool);
      pool = { o: 0, e: 0 };
    }
  }
  if (pool.e > 0) {
    if (cells.length > 0) {
      const last = cells[cells.length - 1]!;
      cells[cells.length - 1] = { o: last.o + pool.o, e: last.e + pool.e };
    } else cells.push(pool);
  }
  const df = cells.length - 1;
  if (df < 1) {
    tests.push({ name, stat: 'too few rounds to test', pass: true });
    return;
  }
  const stat = cells.reduce((s, c) => s + (c.o - c.e) ** 2 / c.e, 0);
  const crit = chi2Critical(df);
  tests.push({
    name,
    stat: `χ² ${stat.toFixed(2)} df ${df} (99 % point ${crit.toFixed(2)}, p ≈ ${chi2P(stat, df).toFixed(3)})`,
    pass: stat < crit,
  });
}

/** Wald–Wolfowitz runs test on a two-valued sequence given as its run count and class sizes. */
function runsTest(name: string, runs: number, n1: number, n2: number): void {
  const n = n1 + n2;
  const mean = (2 * n1 * n2) / n + 1;
  const variance = (2 * n1 * n2 * (2 * n1 * n2 - n)) / (n * n * (n - 1));
  const z = (runs - mean) / Math.sqrt(variance);
  tests.push({
    name,
    stat: `runs ${runs} expected ${mean.toFixed(0)} z ${z.toFixed(3)} (99 %: |z| < ${Z99.toFixed(3)})`,
    pass: Math.abs(z) < Z99,
  });
}

// ---- A simulated game ----------------------------------------------------------------------

interface Sim {
  name: string;
  rounds: number;
  paid: bigint;
  squares: number; // Σ (payout / stake)²
  expected: number; // Σ exact RTP of each round's parameters
  seconds: number;
}
const sims: Sim[] = [];

function simulate(
  game: string,
  name: string,
  round: (i: number) => { payout: bigint; exact: number },
): void {
  if (!GAMES.has(game)) return;
  const started = performance.now();
  let paid = 0n;
  let squares = 0;
  let expected = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const r = round(i);
    paid += r.payout;
    const x = Number(r.payout) / Number(STAKE);
    squares += x * x;
    expected += r.exact;
  }
  sims.push({
    name,
    rounds: ROUNDS,
    paid,
    squares,
    expected,
    seconds: (performance.now() - started) / 1000,
  });
  const s = sims[sims.length - 1]!;
  const mean = Number(s.paid) / Number(STAKE) / s.rounds;
  console.log(
    `  ${name}: ${ROUNDS.toLocaleString('en')} rounds in ${s.seconds.toFixed(1)} s, RTP ${pct(mean)} %`,
  );
}

// ---- 1. Exact figures ----------------------------------------------------------------------

console.log(`House originals at rtpBps ${RTP_BPS}: exact return to player`);
const plinkoCells: PlinkoParams[] = [];
for (let rows = 8; rows <= 16; rows++)
  for (const risk of PLINKO_RISKS) plinkoCells.push({ rows, risk });
const plinkoExact = plinkoCells.map((p) => toNumber(plinko.rtp(p, RTP_BPS)));
for (let rows = 8; rows <= 16; rows++)
  console.log(
    `  plinko ${String(rows).padStart(2)} rows: ` +
      PLINKO_RISKS.map(
        (risk) => `${risk} ${pct(toNumber(plinko.rtp({ rows, risk }, RTP_BPS)))} %`,
      ).join(', '),
  );
const kenoPicks = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
for (const risk of KENO_RISKS)
  console.log(
    `  keno ${risk.padEnd(7)}: ` +
      Array.from({ length: 10 }, (_, i) =>
        pct(toNumber(keno.rtp({ risk, picks: kenoPicks(i + 1) }, RTP_BPS)), 2),
      ).join(' '),
  );
let minesAllExact = true;
for (let m = 1; m <= 24; m++)
  for (let k = 1; k <= MINES_TILES - m; k++) {
    const mult = minesMultiplier(m, k, RTP_BPS);
    // P(k gems) = C(25−m, k)/C(25, k) = Π (25−m−i)/(25−i).
    let num = mult.num;
    let den = mult.den;
    for (let i = 0; i < k; i++) {
      num *= BigInt(25 - m - i);
      den *= BigInt(25 - i);
    }
    if (num * 10_000n !== den * BigInt(RTP_BPS)) minesAllExact = false;
  }
console.log(
  `  mines: every "cash out after k gems" strategy (1–24 mines): ${minesAllExact ? `exactly ${pct(RTP_BPS / 10_000, 2)} %` : 'NOT EXACT'}`,
);
console.log(`  colour game (one colour): ${pct(toNumber(colourGameRtp()))} % (199/216)`);
const crashTargets = [101n, 150n, 200n, 300n, 500n, 1_000n];
console.log(
  `  crash, cash out at: ` +
    crashTargets
      .map((t) => `${Number(t) / 100}× ${pct(toNumber(crashRtp(t, RTP_BPS)))} %`)
      .join(', ') +
    ' (each below 99 % by less than 2^−52)',
);

console.log(
  `  scratch cards: ` +
    SCRATCH_CARDS.map((card) => `${card} ${pct(toNumber(scratch.rtp({ card }, RTP_BPS)))} %`).join(
      ', ',
    ) +
    ' (prize tables enumerated)',
);

// ---- 2. Simulation -------------------------------------------------------------------------

const seed = newServerSeed();
console.log(
  `\nSimulation: ${ROUNDS.toLocaleString('en')} rounds per game through fairRng (server seed ${seed.slice(0, 12)}…)`,
);

// Plinko: the 27 (rows, risk) cells in turn; bucket counts per row count for the chi-square.
const plinkoBuckets = Array.from({ length: 17 }, (_, rows) => new Array<number>(rows + 1).fill(0));
simulate('plinko', 'plinko (all 27 cells in turn)', (i) => {
  const c = i % plinkoCells.length;
  const p = plinkoCells[c]!;
  const { outcome, multiplier } = plinko.play(p, fairRng(seed, 'plinko', i), RTP_BPS);
  plinkoBuckets[p.rows]![outcome.bucket]! += 1;
  return { payout: payoutAt(STAKE, multiplier), exact: plinkoExact[c]! };
});

// Keno: 4 risks × 1–10 picks in turn; hit counts per pick count.
const kenoCells = KENO_RISKS.flatMap((risk) =>
  kenoPicks(10).map((n) => ({ risk, picks: kenoPicks(n) })),
);
const kenoExact = kenoCells.map((p) => toNumber(keno.rtp(p, RTP_BPS)));
const kenoHits = Array.from({ length: 11 }, (_, p) => new Array<number>(p + 1).fill(0));
simulate('keno', 'keno (4 risks × 1–10 picks in turn)', (i) => {
  const c = i % kenoCells.length;
  const p = kenoCells[c]!;
  const { outcome, multiplier } = keno.play(p, fairRng(seed, 'keno', i), RTP_BPS);
  kenoHits[p.picks.length]![outcome.hits.length]! += 1;
  return { payout: payoutAt(STAKE, multiplier), exact: kenoExact[c]! };
});

// Mines: 1–24 mines in turn, each cashing out after k = 1 … kmax gems in turn, where kmax keeps
// the multiplier ≤ 50× (so a few huge wins do not swamp the estimate); tiles opened 0, 1, 2, …
const minesPlans = Array.from({ length: 25 }, (_, m) => {
  if (m === 0) return [];
  const ks: number[] = [];
  for (let k = 1; k <= Math.min(5, MINES_TILES - m); k++)
    if (k === 1 || toNumber(minesMultiplier(m, k, RTP_BPS)) <= 50) ks.push(k);
  return ks;
});
const firstMine = new Array<number>(MINES_TILES).fill(0);
simulate('mines', 'mines (1–24 mines, cash out after 1–5 gems)', (i) => {
  const m = 1 + (i % 24);
  const plan = minesPlans[m]!;
  const k = plan[Math.floor(i / 24) % plan.length]!;
  let state = openMines(m, fairRng(seed, 'mines', i), RTP_BPS);
  firstMine[state.mines[0]!]! += 1;
  for (let t = 0; t < k && state.status === 'playing'; t++) {
    const step = revealTile(state, t);
    if (!step.ok) throw new Error(step.error);
    state = step.state;
  }
  if (state.status === 'playing') {
    const step = cashOut(state);
    if (!step.ok) throw new Error(step.error);
    state = step.state;
  }
  return { payout: payoutAt(STAKE, minesResult(state)!), exact: RTP_BPS / 10_000 };
});

// Colour game: one bet on each colour in turn; the 216 ordered outcomes counted.
const colourOutcomes = new Array<number>(216).fill(0);
const colourIndex = new Map<string, number>(COLOUR_GAME_COLOURS.map((c, i) => [c, i]));
const colourExact = toNumber(colourGameRtp());
simulate('colour', 'colour game (one colour a round)', (i) => {
  const outcome = drawColourGame(fairRng(seed, 'colour', i));
  const [a, b, c] = outcome.dice.map((d) => colourIndex.get(d)!);
  colourOutcomes[a! * 36 + b! * 6 + c!]! += 1;
  const [s] = settleColourGame([{ colour: COLOUR_GAME_COLOURS[i % 6]!, amount: STAKE }], outcome);
  return { payout: s!.payout, exact: colourExact };
});

// Crash: a chain of ROUNDS games, cashing out at each target in turn.
const crashExact = crashTargets.map((t) => toNumber(crashRtp(t, RTP_BPS)));
const crashBins = [100n, 101n, 150n, 200n, 300n, 500n, 1_000n, 10_000n, 100_000n];
const crashBinCounts = new Array<number>(crashBins.length).fill(0);
const salt = newServerSeed();
// A random game hash; each next round hashes the previous one (the chain walked forward).
let gameHash = newServerSeed();
simulate('crash', 'crash (hash chain; targets 1.01×–10× in turn)', (i) => {
  const point = crashPoint(gameHash, salt, RTP_BPS);
  gameHash = nextChainHash(gameHash);
  let bin = crashBins.length - 1;
  while (point < crashBins[bin]!) bin--;
  crashBinCounts[bin]! += 1;
  const t = crashTargets[i % crashTargets.length]!;
  return {
    payout: point >= t ? (STAKE * t) / 100n : 0n,
    exact: crashExact[i % crashTargets.length]!,
  };
});

// Scratch cards: the three cards in turn; prize tier counts per card for the chi-square.
const scratchTiers = SCRATCH_CARDS.map((card) => scratchChances(card, RTP_BPS));
const scratchCounts = scratchTiers.map((tiers) => new Array<number>(tiers.length).fill(0));
const scratchExact = SCRATCH_CARDS.map((card) => toNumber(scratch.rtp({ card }, RTP_BPS)));
simulate('scratch', 'scratch cards (the three cards in turn)', (i) => {
  const c = i % SCRATCH_CARDS.length;
  const card = SCRATCH_CARDS[c]!;
  const { outcome, multiplier } = scratch.play({ card }, fairRng(seed, 'scratch', i), RTP_BPS);
  scratchCounts[c]![scratchTiers[c]!.findIndex((t) => t.prize === outcome.prize)]! += 1;
  return { payout: payoutAt(STAKE, multiplier), exact: scratchExact[c]! };
});

console.log(
  '\n  game                                           simulated   exact      diff (pp)  diff (SE)',
);
for (const s of sims) {
  const mean = Number(s.paid) / Number(STAKE) / s.rounds;
  const exact = s.expected / s.rounds;
  const se = Math.sqrt((s.squares / s.rounds - mean * mean) / s.rounds);
  console.log(
    `  ${s.name.padEnd(46)} ${pct(mean, 3).padStart(8)} %  ${pct(exact, 3).padStart(8)} %  ${((mean - exact) * 100).toFixed(3).padStart(8)}  ${((mean - exact) / se).toFixed(2).padStart(8)}`,
  );
}
console.log(
  '  (exact: the mean exact RTP of the parameters played; payouts rounded down to the minor unit of a 1,000,000-unit stake)',
);

// ---- 3. Randomness -------------------------------------------------------------------------

console.log(`\nRandomness: ${RNG_OUTPUTS.toLocaleString('en')} outputs per rng.int(n) test`);
const rngSeed = newServerSeed();
for (const n of RNG_OUTPUTS > 0 ? [2, 6, 10, 25, 37, 40, 1_000, 65_537] : []) {
  const counts = new Array<number>(n).fill(0);
  let nonce = 0;
  let rng = fairRng(rngSeed, `int-${n}`, nonce);
  let runs = 0;
  let last = -1;
  let low = 0;
  const started = performance.now();
  for (let i = 0; i < RNG_OUTPUTS; i++) {
    // A fresh nonce every 1,000 draws, as rounds do (each round starts at block 0).
    if (i % 1_000 === 0) rng = fairRng(rngSeed, `int-${n}`, nonce++);
    const v = rng.int(n);
    counts[v]! += 1;
    // Runs of "below half" / "half or above" (n odd: the middle value counts as above).
    const side = v < Math.floor(n / 2) ? 0 : 1;
    if (side !== last) runs++;
    last = side;
    if (side === 0) low++;
  }
  chiSquare(`rng.int(${n}) uniform`, counts, new Array<number>(n).fill(1 / n));
  runsTest(`rng.int(${n}) runs below/above half`, runs, low, RNG_OUTPUTS - low);
  console.log(`  rng.int(${n}): ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const binomial = (rows: number) => {
  const p: number[] = [];
  let c = 1;
  for (let b = 0; b <= rows; b++) {
    p.push(c / 2 ** rows);
    c = (c * (rows - b)) / (b + 1);
  }
  return p;
};
if (GAMES.has('plinko'))
  for (let rows = 8; rows <= 16; rows++)
    chiSquare(`plinko ${rows} rows: buckets binomial`, plinkoBuckets[rows]!, binomial(rows));
if (GAMES.has('keno'))
  for (let p = 1; p <= 10; p++)
    chiSquare(
      `keno ${p} picks: hits hypergeometric`,
      kenoHits[p]!,
      kenoHits[p]!.map((_, h) => toNumber(kenoHitChance(p, h))),
    );
if (GAMES.has('mines'))
  chiSquare('mines: first mine uniform on 25 tiles', firstMine, new Array<number>(25).fill(1 / 25));
if (GAMES.has('colour'))
  chiSquare(
    'colour game: 216 outcomes uniform',
    colourOutcomes,
    new Array<number>(216).fill(1 / 216),
  );
if (GAMES.has('crash'))
  chiSquare(
    'crash: points by bin against P(crash ≥ m)',
    crashBinCounts,
    crashBins.map((b, i) => {
      const next = crashBins[i + 1];
      return toNumber(crashChance(b, RTP_BPS)) - (next ? toNumber(crashChance(next, RTP_BPS)) : 0);
    }),
  );
if (GAMES.has('scratch'))
  SCRATCH_CARDS.forEach((card, c) =>
    chiSquare(
      `scratch ${card}: prize tiers by weight`,
      scratchCounts[c]!,
      scratchTiers[c]!.map((t) => toNumber(t.chance)),
    ),
  );

console.log('');
for (const t of tests) console.log(`  ${t.pass ? 'pass' : 'FAIL'}  ${t.name.padEnd(42)} ${t.stat}`);
const failed = tests.filter((t) => !t.pass).length;
console.log(
  `\n${tests.length} tests at the 99 % level: ${tests.length - failed} passed, ${failed} failed` +
    ` (by chance alone about ${(tests.length * 0.01).toFixed(1)} of ${tests.length} fail at this level)`,
);
