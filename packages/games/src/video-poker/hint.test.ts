import { describe, expect, it } from 'vitest';
import { cardLabel, parseCards } from './cards';
import { CLASSIFIERS } from './evaluate';
import { bestHold } from './hint';
import { VIDEO_POKER_PAYTABLES, type VideoPokerGame } from './paytables';

/** The held cards of the advised hold, as labels. */
function advise(game: VideoPokerGame, hand: string): string {
  const cards = parseCards(hand);
  const { best } = bestHold(game, cards);
  return cards
    .filter((_, i) => best.holds[i])
    .map(cardLabel)
    .join(' ');
}

/** Every draw of every hold, enumerated directly (independent of the one-pass method). */
function bruteForce(game: VideoPokerGame, dealt: number[]): number[] {
  const classify = CLASSIFIERS[game];
  const pays = VIDEO_POKER_PAYTABLES[game].rows.map((r) => r.pays);
  const rest = [...Array(52).keys()].filter((c) => !dealt.includes(c));
  const sums: number[] = [];
  for (let mask = 0; mask < 32; mask++) {
    const held = dealt.filter((_, i) => (mask >> i) & 1);
    const need = 5 - held.length;
    let sum = 0;
    const pick = (from: number, chosen: number[]) => {
      if (chosen.length === need) {
        const h = [...held, ...chosen];
        sum += pays[classify(h[0]!, h[1]!, h[2]!, h[3]!, h[4]!)]!;
        return;
      }
      for (let i = from; i <= rest.length - (need - chosen.length); i++)
        pick(i + 1, [...chosen, rest[i]!]);
    };
    pick(0, []);
    sums.push(sum);
  }
  return sums;
}

describe('bestHold', () => {
  it.each([
    ['jacks-or-better', 'Ah 7c Kd 2s Qh'],
    ['deuces-wild', '2h 7c 8c 9s Kc'],
  ] as const)('%s %s: every hold agrees with direct enumeration', (game, hand) => {
    const cards = parseCards(hand);
    const advice = bestHold(game, cards);
    const expected = bruteForce(game, cards);
    expect(advice.holds.map((h) => h.paySum)).toEqual(expected);
    const draws = [1533939, 178365, 16215, 1081, 47, 1];
    advice.holds.forEach((h, mask) => {
      const held = h.holds.filter(Boolean).length;
      expect(h.draws).toBe(draws[held]);
      expect(h.ev).toBeCloseTo(expected[mask]! / draws[held]!, 12);
    });
    const top = Math.max(...advice.holds.map((h) => h.ev));
    expect(advice.best.ev).toBe(top);
  });

  it.each([
    // Four to a royal beats a made flush (and a made straight).
    ['Ah Kh Qh Jh 3h', 'Ah Kh Qh Jh'],
    ['Kh Qh Jh Th 9c', 'Kh Qh Jh Th'],
    // A high pair beats four to an outside straight; so does a low pair.
    ['Jh Jd Tc 9s 8c', 'Jh Jd'],
    ['5h 5d 6c 7s 8c', '5h 5d'],
    // Four to a flush beats a low pair.
    ['3h 7h 9h Kh 3c', '3h 7h 9h Kh'],
    // Pat hands stand.
    ['9h Th Jh Qh Kh', '9h Th Jh Qh Kh'],
    ['Kc Kd Kh 3s 3c', 'Kc Kd Kh 3s 3c'],
    // Two pair: hold both pairs.
    ['4c 4d 9h 9s Ac', '4c 4d 9h 9s'],
    // Four to a royal beats a high pair.
    ['Kd Kh Ah Qh Jh', 'Kh Ah Qh Jh'],
    // Three to a royal beats holding high cards.
    ['Ah Kh Qh 7c 2d', 'Ah Kh Qh'],
  ])('Jacks or Better: %s → hold %s', (hand, hold) => {
    expect(advise('jacks-or-better', hand)).toBe(hold);
  });

  it.each([
    // Two deuces and no pair or close draw: hold only the deuces.
    ['2c 2d 5h 9s Kc', '2c 2d'],
    // A wild royal stands; a natural royal draw with a deuce is worse.
    ['Ah Kh Qh Jh 2c', 'Ah Kh Qh Jh 2c'],
    // Four to a natural royal without deuces: draw for it.
    ['Th Jh Qh Kh 5c', 'Th Jh Qh Kh'],
    // One deuce and nothing else: hold the deuce.
    ['2c 3d 7h 9s Kc', '2c'],
    // A natural pair (no deuce): hold it.
    ['5c 5d 8h Js Kc', '5c 5d'],
  ])('Deuces Wild: %s → hold %s', (hand, hold) => {
    expect(advise('deuces-wild', hand)).toBe(hold);
  });

  it('four deuces pay 200 whatever is drawn to them', () => {
    const { best } = bestHold('deuces-wild', parseCards('2c 2d 2h 2s Kc'));
    expect(best.ev).toBe(200);
  });

  it('refuses anything but five distinct cards', () => {
    expect(() => bestHold('jacks-or-better', [1, 2, 3, 4])).toThrow();
    expect(() => bestHold('jacks-or-better', [1, 1, 2, 3, 4])).toThrow();
  });
});
