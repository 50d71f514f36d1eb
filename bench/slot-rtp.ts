/**
 * Simulates Taya Fortune and prints the measured return to player beside the exact one.
 * `npm run bench:slot` (10 million spins by default; SPINS=… to change). Stops come from the
 * operating system's CSPRNG, as on the game server, drawn in batches here for speed. Never
 * fails: it prints the figures and the difference.
 */

import { evaluateSpin, exactRtp, payoutOf, randomStops, tayaFortune } from '@taya/games';

const spins = Number(process.env.SPINS ?? 10_000_000);
const bet = 20n; // one minor unit a line
const started = performance.now();
let paid = 0n;
let hits = 0;
// One draw per stop is slow; draw 32-bit values in batches instead (the same source).
const buffer = new Uint32Array(8192);
let next = buffer.length;
const { getRandomValues } = globalThis.crypto;
const uniform = (n: number) => {
  // Rejection sampling on 32-bit values keeps every stop equally likely.
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  for (;;) {
    if (next === buffer.length) {
      getRandomValues.call(globalThis.crypto, buffer);
      next = 0;
    }
    const v = buffer[next++]!;
    if (v < limit) return v % n;
  }
};
for (let i = 0; i < spins; i++) {
  const outcome = evaluateSpin(tayaFortune, randomStops(tayaFortune, uniform));
  const win = payoutOf(tayaFortune, outcome, bet);
  if (win > 0n) hits += 1;
  paid += win;
}
const seconds = (performance.now() - started) / 1000;
const measured = Number(paid) / Number(bet * BigInt(spins));
const exact = exactRtp(tayaFortune).total;
console.log(`Taya Fortune, ${spins.toLocaleString('en')} spins in ${seconds.toFixed(1)} s`);
console.log(`  measured RTP ${(measured * 100).toFixed(3)} %, exact ${(exact * 100).toFixed(3)} %`);
console.log(
  `  difference ${((measured - exact) * 100).toFixed(3)} percentage points (aim: within 0.5)`,
);
console.log(`  hit frequency ${((hits / spins) * 100).toFixed(2)} %`);
