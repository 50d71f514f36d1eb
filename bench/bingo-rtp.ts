/**
 * Return to player of Taya bingo's fixed prize table, by simulation (the engine's own
 * `drawCard`, `drawBalls` and `bestPattern`): `npm run bench:bingo-rtp` plays 10 million cards
 * (CARDS=… for another count; SEED=… to replay), 100 cards a game. The draws come from a fast
 * seeded generator (sfc32, unbiased integers by rejection) rather than the fairness kit's HMAC,
 * which gives the same uniform draws far slower. Prints each pattern's frequency and share of the
 * return, the RTP and its 95 % confidence half-width. Never fails.
 */

import {
  BINGO_PATTERNS,
  BINGO_PRIZES,
  BINGO_RTP_TEXT,
  bestPattern,
  calledBalls,
  drawBalls,
  drawCard,
  type BingoPattern,
  type Rng,
} from '@taya/games';

function sfc32(seed: number): Rng {
  let a = 0x9e3779b9,
    b = 0x243f6a88,
    c = 0xb7e15162,
    d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 20; i++) next();
  return {
    int(n) {
      const limit = 2 ** 32 - (2 ** 32 % n);
      for (;;) {
        const v = next();
        if (v < limit) return v % n;
      }
    },
  };
}

const cards = Number(process.env.CARDS ?? 10_000_000);
const seed = Number(process.env.SEED ?? Date.now() % 2 ** 31);
const perGame = 100;
const rng = sfc32(seed);
const counts = new Map<BingoPattern | null, number>();
let sum = 0;
let sumSq = 0;
const started = performance.now();
for (let played = 0; played < cards;) {
  const called = new Set(calledBalls(drawBalls(rng)));
  for (let k = 0; k < perGame && played < cards; k++, played++) {
    const best = bestPattern(drawCard(rng), called);
    counts.set(best, (counts.get(best) ?? 0) + 1);
    const m = best === null ? 0 : Number(BINGO_PRIZES[best].num) / Number(BINGO_PRIZES[best].den);
    sum += m;
    sumSq += m * m;
  }
}
const mean = sum / cards;
const sd = Math.sqrt(sumSq / cards - mean * mean);
const half = (1.96 * sd) / Math.sqrt(cards);
console.log(
  `bingo: ${cards.toLocaleString('en')} cards, seed ${seed}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
for (const p of [...BINGO_PATTERNS, null]) {
  const n = counts.get(p) ?? 0;
  const m = p === null ? 0 : Number(BINGO_PRIZES[p].num) / Number(BINGO_PRIZES[p].den);
  console.log(
    `  ${(p ?? 'nothing').padEnd(10)} pays ${String(m).padStart(5)}×  p ${(n / cards).toFixed(7)}  return ${((n / cards) * m * 100).toFixed(3)} %`,
  );
}
console.log(
  `  RTP ${(mean * 100).toFixed(3)} % ± ${(half * 100).toFixed(3)} pp (95 %); exact 94.7286 %, shown ${BINGO_RTP_TEXT} %`,
);
