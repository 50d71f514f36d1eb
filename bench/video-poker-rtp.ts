/**
 * Exact return to player of Taya's video poker games with optimal play, by enumeration over all
 * 2,598,960 deals (GAMES.md §8.4), beside the published check values. `npm run bench:video-poker-rtp`
 * (GAME=jacks-or-better or GAME=deuces-wild for one). Never fails: it prints the figures, the
 * difference and the time taken, and how long the optimal-hold hint takes for one hand.
 */

import {
  bestHold,
  deal,
  fairRng,
  newServerSeed,
  VIDEO_POKER_GAMES,
  VIDEO_POKER_PAYTABLES,
  videoPokerRtp,
} from '@taya/games';

const EXPECTED: Record<string, number> = { 'jacks-or-better': 0.995439, 'deuces-wild': 1.00762 };
const only = process.env.GAME;
const games = VIDEO_POKER_GAMES.filter((g) => !only || g === only);
if (games.length === 0) console.log(`no game ${only}; one of ${VIDEO_POKER_GAMES.join(', ')}`);

for (const game of games) {
  // The hint: the first call builds the game's class table; later calls reuse it.
  const seed = newServerSeed();
  const hands = Array.from({ length: 200 }, (_, n) => deal(game, fairRng(seed, 'bench', n)).cards);
  let t = performance.now();
  bestHold(game, hands[0]!);
  const first = performance.now() - t;
  t = performance.now();
  for (const cards of hands) bestHold(game, cards);
  const each = (performance.now() - t) / hands.length;
  console.log(
    `${game}: bestHold first call ${first.toFixed(0)} ms (with the class table), then ${each.toFixed(1)} ms a hand (mean of ${hands.length})`,
  );

  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const result = videoPokerRtp(game, (phase) => console.log(`  ${seconds()} s  ${phase}`));
  console.log(`  ${seconds()} s  done`);
  const expected = EXPECTED[game]!;
  console.log(
    `  RTP ${(result.rtpValue * 100).toFixed(6)} % (check value ${(expected * 100).toFixed(4)} %,`,
  );
  console.log(
    `      difference ${((result.rtpValue - expected) * 100).toFixed(6)} percentage points)`,
  );
  console.log(`  exact ${result.rtp.num} / ${result.rtp.den}`);
  console.log(`  paytable rtpPercent ${VIDEO_POKER_PAYTABLES[game].rtpPercent} %`);
  const rows = VIDEO_POKER_PAYTABLES[game].rows;
  for (const [i, row] of rows.entries()) {
    const p = result.probabilities[i]!;
    console.log(
      `    ${row.hand.padEnd(20)} pays ${String(row.pays).padStart(3)}  p ${p.toFixed(8)}  return ${(p * row.pays).toFixed(6)}`,
    );
  }
}
