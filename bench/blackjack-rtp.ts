/**
 * Return to player of Taya's blackjack (`packages/games/src/live/blackjack.ts`) played with basic
 * strategy (`blackjack-strategy.ts`), by simulation through the engine's own functions:
 * `dealBlackjack` → `basicStrategy` / `actBlackjack` until the round is over → `blackjackStakeHeld`
 * and `blackjackPayout`. Every round is dealt from a fresh six-deck shoe, as the table deals it.
 *
 *   npx tsx bench/blackjack-rtp.ts [hands]     (default 10,000,000)
 *   SEED=<integer> another deal; WORKERS=<n> threads (default: the machine's cores)
 *
 * The shuffle's generator is xoshiro128** seeded through splitmix32 (fast and deterministic: the
 * same SEED and WORKERS play the same hands: worker k uses SEED + k); its `int(n)` rejects like
 * the fairness kit's, so no modulo bias. The hands are shared out over worker threads, one per core.
 * It is not the fairness kit: `fairRng` hashes (HMAC-SHA256) for every eight draws, and a round's
 * 311 shuffle draws make it far too slow for ten million hands — the bench times a sample of
 * rounds on `fairRng` too, to show what it costs.
 *
 * Prints hands, units staked and returned (a unit is the original stake), RTP (returned ÷ staked),
 * the house edge per initial stake with its standard error, and the reference figure with the
 * difference. Never fails.
 */

import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { fairRng, newServerSeed, type Rng } from '../packages/games/src/kernel/fairness';
import {
  actBlackjack,
  blackjackPayout,
  blackjackResult,
  blackjackStakeHeld,
  dealBlackjack,
  isBlackjackError,
  type BlackjackState,
} from '../packages/games/src/live/blackjack';
import { basicStrategy } from '../packages/games/src/live/blackjack-strategy';

/**
 * Reference house edge, per initial stake, for these rules (6 decks, dealer stands on soft 17,
 * double on any two cards, double after split, resplit to four hands except aces, one card to
 * split aces, blackjack 3:2, dealer peeks, no surrender): 0.41 %. Source: Wizard of Odds,
 * Blackjack Appendix 9, "6 decks, dealer stands on soft 17, player may resplit to four hands,
 * except aces" (https://wizardofodds.com/games/blackjack/appendix/9/6ds17r4/), expected return of
 * the game with double after split, ≈ −0.0041 — a combinatorial figure for a full shoe every
 * round, as dealt here (the same appendix gives −0.003804 for five decks). Rule-based estimates
 * for the same rules run a little higher (BlackjackInfo's chart: 0.44 %). The appendix plays each
 * starting hand by its exact composition; basic strategy, played here, goes by totals and loses
 * slightly more.
 */
const REFERENCE_EDGE_PERCENT = 0.41;
const REFERENCE_SOURCE =
  'Wizard of Odds, Blackjack Appendix 9, 6 decks S17 resplit to 4 (6ds17r4), with DAS';

/** xoshiro128** (Blackman & Vigna), 32-bit, seeded through splitmix32. */
function xoshiroRng(seed: number): Rng {
  let z = seed >>> 0;
  const splitmix = (): number => {
    z = (z + 0x9e3779b9) >>> 0;
    let t = z ^ (z >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t ^= t >>> 15;
    t = Math.imul(t, 0x735a2d97);
    return (t ^ (t >>> 15)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  return {
    int(n: number): number {
      const limit = 2 ** 32 - (2 ** 32 % n);
      for (;;) {
        const v = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
        const t = b << 9;
        c ^= a;
        d ^= b;
        b ^= c;
        a ^= d;
        c ^= t;
        d = rotl(d, 11);
        if (v < limit) return v % n;
      }
    },
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** One round with basic strategy. */
function play(rng: Rng): BlackjackState {
  let state = dealBlackjack(rng);
  for (;;) {
    const action = basicStrategy(state);
    if (action === null) return state;
    const next = actBlackjack(state, action);
    if (isBlackjackError(next)) throw new Error(`basic strategy chose a refused ${action}`);
    state = next;
  }
}

interface Tally {
  hands: number;
  /** Minor units at a stake of 2 (so a blackjack's 5/2 is whole). */
  staked: number;
  returned: number;
  /** Net per hand in units of the original stake, summed and squared. */
  sumNet: number;
  sumNet2: number;
  playerBlackjacks: number;
  dealerBlackjacks: number;
  doubled: number;
  splitRounds: number;
}

// A stake of 2 minor units: every multiplier (a blackjack's 5/2 included) is then a whole number.
const STAKE = 2n;

/** Plays `hands` rounds on `rng`, reporting progress every `step` hands. */
function simulate(hands: number, rng: Rng, progress: (done: number) => void, step: number): Tally {
  const t: Tally = {
    hands,
    staked: 0,
    returned: 0,
    sumNet: 0,
    sumNet2: 0,
    playerBlackjacks: 0,
    dealerBlackjacks: 0,
    doubled: 0,
    splitRounds: 0,
  };
  for (let i = 1; i <= hands; i++) {
    const state = play(rng);
    const s = Number(blackjackStakeHeld(STAKE, state));
    const r = Number(blackjackPayout(STAKE, state));
    t.staked += s;
    t.returned += r;
    const net = (r - s) / 2;
    t.sumNet += net;
    t.sumNet2 += net * net;
    if (state.hands.length > 1) t.splitRounds++;
    for (const h of state.hands) if (h.units === 2) t.doubled++;
    if (state.next === 4) {
      // The round ended on the deal: a blackjack on either side (or both).
      const result = blackjackResult(state)!;
      if (result.dealer.blackjack) t.dealerBlackjacks++;
      const outcome = result.hands[0]!.outcome;
      if (outcome === 'blackjack' || (result.dealer.blackjack && outcome === 'push'))
        t.playerBlackjacks++;
    }
    if (i % step === 0) progress(step);
  }
  return t;
}

interface Job {
  hands: number;
  seed: number;
  step: number;
}

if (!isMainThread) {
  const job = workerData as Job;
  const tally = simulate(
    job.hands,
    xoshiroRng(job.seed),
    (done) => parentPort!.postMessage({ done }),
    job.step,
  );
  parentPort!.postMessage({ tally });
} else {
  await main();
}

async function main(): Promise<void> {
  const arg = process.argv[2];
  const hands = arg ? Number(arg.replace(/[_,]/g, '')) : 10_000_000;
  if (!Number.isInteger(hands) || hands < 1) {
    console.log(`hands must be a positive integer, not ${arg}`);
    return;
  }
  const seed = Number(process.env.SEED ?? 20240601) >>> 0;
  const workers = Math.max(
    1,
    Math.min(Number(process.env.WORKERS ?? availableParallelism()) || 1, 16, hands),
  );
  const step = Math.max(1, Math.floor(hands / workers / 10));

  // Worker k plays its share with seed + k. Each worker runs this file under tsx's loader.
  const loader = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => {
    m.register();
    return import(${JSON.stringify(import.meta.url)});
  });`;
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  let done = 0;
  let reported = 0;
  const tallies = await Promise.all(
    Array.from({ length: workers }, (_, k) => {
      const share = Math.floor(hands / workers) + (k < hands % workers ? 1 : 0);
      const job: Job = { hands: share, seed: (seed + k) >>> 0, step };
      return new Promise<Tally>((resolve, reject) => {
        const w = new Worker(loader, { eval: true, workerData: job });
        w.on('message', (m: { done?: number; tally?: Tally }) => {
          if (m.tally) return resolve(m.tally);
          done += m.done ?? 0;
          if (done - reported >= hands / 10 && done < hands) {
            reported = done;
            console.log(`  ${seconds()} s  ${done.toLocaleString('en')} hands`);
          }
        });
        w.on('error', reject);
        w.on('exit', (code) => code !== 0 && reject(new Error(`worker exited with ${code}`)));
      });
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const t = tallies.reduce((a, b) => ({
    hands: a.hands + b.hands,
    staked: a.staked + b.staked,
    returned: a.returned + b.returned,
    sumNet: a.sumNet + b.sumNet,
    sumNet2: a.sumNet2 + b.sumNet2,
    playerBlackjacks: a.playerBlackjacks + b.playerBlackjacks,
    dealerBlackjacks: a.dealerBlackjacks + b.dealerBlackjacks,
    doubled: a.doubled + b.doubled,
    splitRounds: a.splitRounds + b.splitRounds,
  }));

  const mean = t.sumNet / t.hands;
  const sd = Math.sqrt(t.sumNet2 / t.hands - mean * mean);
  const se = sd / Math.sqrt(t.hands);
  const edge = -mean * 100;
  const rtp = (t.returned / t.staked) * 100;
  const pct = (x: number, d = 4) => `${x.toFixed(d)} %`;
  const per = (n: number) => pct((n / t.hands) * 100, 3);
  const diff = edge - REFERENCE_EDGE_PERCENT;

  console.log('blackjack (taya-blackjack@1), basic strategy, a fresh 6-deck shoe every round');
  console.log(
    `  generator    xoshiro128** (splitmix32-seeded, unbiased int(n)), seed ${seed} + worker index, ${workers} worker${workers > 1 ? 's' : ''}`,
  );
  console.log(`  hands        ${t.hands.toLocaleString('en')}`);
  console.log(
    `  staked       ${(t.staked / 2).toLocaleString('en')} units (stakes, doubles, splits)`,
  );
  console.log(`  returned     ${(t.returned / 2).toLocaleString('en')} units`);
  console.log(`  RTP          ${pct(rtp)} (returned ÷ staked)`);
  console.log(
    `  house edge   ${pct(edge)} ± ${pct(se * 100)} (1 SE) per initial stake; SD ${sd.toFixed(4)} units a hand`,
  );
  console.log(`  reference    ${pct(REFERENCE_EDGE_PERCENT, 2)} (${REFERENCE_SOURCE})`);
  console.log(
    `  difference   ${diff >= 0 ? '+' : ''}${diff.toFixed(4)} percentage points (${(diff / (se * 100)).toFixed(2)} SE)`,
  );
  console.log(
    `  per round    player blackjack ${per(t.playerBlackjacks)}, dealer blackjack ${per(t.dealerBlackjacks)}, doubled hands ${per(t.doubled)}, split ${per(t.splitRounds)}`,
  );
  console.log(
    `  time         ${elapsed.toFixed(1)} s (${Math.round(t.hands / elapsed).toLocaleString('en')} hands/s)`,
  );

  // The same rounds on the fairness kit's generator, for what it costs (one thread).
  const sample = Math.min(20_000, hands);
  const serverSeed = newServerSeed();
  const t0 = performance.now();
  for (let n = 0; n < sample; n++) play(fairRng(serverSeed, 'bench', n));
  const fair = (performance.now() - t0) / 1000;
  console.log(
    `  fairRng      ${sample.toLocaleString('en')} hands in ${fair.toFixed(1)} s on one thread (${Math.round(sample / fair).toLocaleString('en')} hands/s)`,
  );
}
