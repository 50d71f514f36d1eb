/**
 * Exact return to player of every bet spot of the live tables, by enumeration (GAMES.md §1–§4,
 * Appendix A): baccarat over every ordered sequence of the six cards a hand can use from a full
 * 8-deck shoe (card removal counted), dragon tiger over the 416 × 415 ordered pairs, Lucky 9 over
 * its six-card sequences, roulette over the 37 pockets, sic bo over the 216 throws. Printed beside
 * the house edges GAMES.md publishes. `npm run bench:live-rtp`. Never fails.
 */

import {
  BACCARAT_SPOTS,
  baccaratOdds,
  baccaratSpotRtp,
  DRAGON_TIGER_SPOTS,
  dragonTigerSpotRtp,
  LUCKY9_SPOTS,
  lucky9Odds,
  lucky9SpotRtp,
  ROULETTE_SPOTS,
  rouletteSpotRtp,
  SIC_BO_SPOTS,
  sicBoSpotRtp,
  type Multiplier,
} from '@taya/games';

const pct = (m: Multiplier) => Number((m.num * 10n ** 10n) / m.den) / 1e8;
const line = (name: string, m: Multiplier, published?: number) => {
  const edge = 100 - pct(m);
  const check =
    published === undefined
      ? ''
      : `  published edge ${published.toFixed(4)} %  diff ${(edge - published).toFixed(4)} pp`;
  console.log(`  ${name.padEnd(22)} RTP ${pct(m).toFixed(4)} %  edge ${edge.toFixed(4)} %${check}`);
};

let t = performance.now();
const odds = baccaratOdds(8);
console.log(`baccarat, 8 decks (enumerated in ${(performance.now() - t).toFixed(0)} ms)`);
const bacEdges: Record<string, number> = {
  player: 1.2351,
  banker: 1.0579,
  tie: 14.3596,
  'player-pair': 10.3614,
  'banker-pair': 10.3614,
};
for (const spot of BACCARAT_SPOTS)
  line(`classic ${spot}`, baccaratSpotRtp('classic', spot, odds), bacEdges[spot]);
line('no-commission banker', baccaratSpotRtp('no-commission', 'banker', odds), 1.4581);

t = performance.now();
console.log('dragon tiger, 8 decks');
const dtEdges: Record<string, number> = {
  dragon: 3.7349,
  tiger: 3.7349,
  tie: 32.7711,
  'suited-tie': 13.9759,
};
for (const spot of DRAGON_TIGER_SPOTS) line(spot, dragonTigerSpotRtp(spot), dtEdges[spot]);
console.log(`  (${(performance.now() - t).toFixed(0)} ms)`);

t = performance.now();
const l9 = lucky9Odds(8);
console.log(`Lucky 9, 8 decks (enumerated in ${(performance.now() - t).toFixed(0)} ms)`);
for (const spot of LUCKY9_SPOTS) line(spot, lucky9SpotRtp(spot, l9));

console.log('European roulette (every spot)');
const rtps = new Set(
  ROULETTE_SPOTS.map((s) => {
    const r = rouletteSpotRtp(s);
    return `${r.num}/${r.den}`;
  }),
);
console.log(`  ${ROULETTE_SPOTS.length} spots, distinct returns: ${[...rtps].join(', ')}`);
line('any spot', rouletteSpotRtp('red'), 2.7027);

console.log('sic bo, Macau table');
for (const spot of SIC_BO_SPOTS.filter((s) => !/[2-6]$/.test(s) || s.startsWith('total')))
  line(spot, sicBoSpotRtp(spot));
