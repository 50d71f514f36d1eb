import { describe, expect, it } from 'vitest';
import { parseCard, parseCards } from './cards';
import { classifyHand, handOf } from './evaluate';
import { finalHandClasses } from './hint';
import {
  DEUCES_WILD_FULL_PAY,
  JACKS_OR_BETTER_9_6,
  classMultiplier,
  videoPokerMaxMultiplier,
} from './paytables';

const job = (h: string) => handOf('jacks-or-better', parseCards(h));
const dw = (h: string) => handOf('deuces-wild', parseCards(h));

describe('cards', () => {
  it('encodes rank × 4 + suit and reads labels', () => {
    expect(parseCard('2c')).toBe(0);
    expect(parseCard('As')).toBe(51);
    expect(parseCard('10h')).toBe(parseCard('Th'));
    expect(() => parseCard('1h')).toThrow();
  });
});

describe('Jacks or Better hands', () => {
  it.each([
    ['Ah Kh Qh Jh Th', 'royal-flush'],
    ['Ts Js Qs Ks As', 'royal-flush'],
    ['9h Kh Qh Jh Th', 'straight-flush'],
    ['Ad 2d 3d 4d 5d', 'straight-flush'], // the wheel, suited
    ['7c 7d 7h 7s 2c', 'four-of-a-kind'],
    ['Kc Kd Kh 3s 3c', 'full-house'],
    ['2h 7h 9h Jh Kh', 'flush'],
    ['Ah 2c 3d 4s 5h', 'straight'], // A-2-3-4-5
    ['Tc Jd Qh Ks Ac', 'straight'],
    ['9c Tc Jc Qd Kh', 'straight'],
    ['Qc Kd Ah 2s 3c', 'nothing'], // no wrap-around straight
    ['5c 5d 5h Ks 2c', 'three-of-a-kind'],
    ['5c 5d 9h 9s Ac', 'two-pair'],
    ['2c 2d 3h 3s 4c', 'two-pair'],
    ['Jc Jd 3h 5s 9c', 'jacks-or-better'],
    ['Ac 3d Ah 7s 9c', 'jacks-or-better'],
    ['Tc Td 3h 5s 9c', 'nothing'], // a pair of tens does not pay
    ['2c 2d 3h 5s 9c', 'nothing'],
    ['2c 4d 6h 8s Tc', 'nothing'],
  ])('%s is %s', (hand, name) => {
    expect(job(hand)).toBe(name);
  });

  it('does not depend on card order', () => {
    expect(job('Th Ah Jh Kh Qh')).toBe('royal-flush');
    expect(job('3c Kd 3s Kh Kc')).toBe('full-house');
  });

  it('refuses anything but five distinct cards', () => {
    expect(() => classifyHand('jacks-or-better', [0, 1, 2, 3])).toThrow();
    expect(() => classifyHand('jacks-or-better', [0, 1, 2, 3, 3])).toThrow();
    expect(() => classifyHand('jacks-or-better', [0, 1, 2, 3, 52])).toThrow();
  });
});

describe('Deuces Wild hands', () => {
  it.each([
    ['Ah Kh Qh Jh Th', 'natural-royal-flush'],
    ['2c 2d 2h 2s 7c', 'four-deuces'],
    ['2c 2d 2h 2s Ah', 'four-deuces'],
    ['2c Kh Qh Jh Th', 'wild-royal-flush'],
    ['2c 2d Ah Qh Th', 'wild-royal-flush'],
    ['2c 2d 2h As Ks', 'wild-royal-flush'], // three deuces make a royal over four of a kind
    ['2c 2d 2h 7s 7c', 'five-of-a-kind'],
    ['2c 9d 9h 9s 9c', 'five-of-a-kind'],
    ['2c 2d Ah As Ac', 'five-of-a-kind'],
    ['9h 8h 7h 6h 5h', 'straight-flush'],
    ['2c 8h 7h 6h 5h', 'straight-flush'],
    ['2c 2d 7h 5h 3h', 'straight-flush'], // 3 4 5 6 7
    ['Ah 2c 3h 4h 5h', 'straight-flush'], // the wheel with a deuce
    ['2c 2d 3s 3h 7c', 'four-of-a-kind'],
    ['2c 2d 3s 5s 7c', 'straight'], // the deuces fill 4 and 6
    ['7c 7d 7h 7s Kc', 'four-of-a-kind'],
    ['2c 7d 7h 7s Kc', 'four-of-a-kind'],
    ['2c 2d 7h 7s Kc', 'four-of-a-kind'],
    ['Kc Kd Kh 3s 3c', 'full-house'],
    ['2c Kd Kh 3s 3c', 'full-house'],
    ['2h 7h 9h Jh Kh', 'flush'],
    ['3h 7h 9h Jh Kh', 'flush'],
    ['2c 2d 4h 9h Kh', 'flush'],
    ['Ah 2c 3d 4s 5h', 'straight'], // A-2-3-4-5: the 2 is wild anyway
    ['Ah 2c 3d 4s 6h', 'nothing'], // the ace plays low only in A-2-3-4-5
    ['3c 2d 4h 5s 6c', 'straight'],
    ['Ac 2d Qh Js Tc', 'straight'],
    ['2c 2d 9h Ts Kc', 'straight'], // 9 T J Q K
    ['3c 4d 5h 6s 7c', 'straight'],
    ['5c 5d 5h Ks 3c', 'three-of-a-kind'],
    ['2c 5d 5h Ks 3c', 'three-of-a-kind'],
    ['2c 2d 5h Ks 9c', 'three-of-a-kind'],
    ['5c 5d 9h 9s Ac', 'nothing'], // two pair does not pay
    ['Ac Ad 3h 7s 9c', 'nothing'],
    ['2c 4d 7h 9s Kc', 'nothing'],
    ['Qc Kd Ah 2s 4c', 'nothing'], // no wrap-around straight
  ])('%s is %s', (hand, name) => {
    expect(dw(hand)).toBe(name);
  });
});

describe('all 2,598,960 hands', () => {
  const histogram = (game: 'jacks-or-better' | 'deuces-wild') => {
    const h = new Array<number>(11).fill(0);
    for (const c of finalHandClasses(game)) h[c]!++;
    return h;
  };
  it('Jacks or Better: the standard combination counts', () => {
    expect(histogram('jacks-or-better')).toEqual([
      4, 36, 624, 3744, 5108, 10200, 54912, 123552, 337920, 2062860, 0,
    ]);
  });
  it('Deuces Wild: the standard combination counts', () => {
    expect(histogram('deuces-wild')).toEqual([
      4, 48, 480, 624, 2068, 31552, 12672, 14472, 62232, 355080, 2119728,
    ]);
  });
});

describe('paytables', () => {
  it('Jacks or Better 9/6 pays per coin at 5 coins', () => {
    expect(JACKS_OR_BETTER_9_6.rows.map((r) => r.pays)).toEqual([800, 50, 25, 9, 6, 4, 3, 2, 1, 0]);
    expect(classMultiplier('jacks-or-better', 3)).toEqual({ num: 9n, den: 1n });
    expect(classMultiplier('jacks-or-better', 4)).toEqual({ num: 6n, den: 1n });
    expect(classMultiplier('jacks-or-better', 9)).toEqual({ num: 0n, den: 1n });
  });
  it('Deuces Wild full pay', () => {
    expect(DEUCES_WILD_FULL_PAY.rows.map((r) => r.pays)).toEqual([
      800, 200, 25, 15, 9, 5, 3, 2, 2, 1, 0,
    ]);
    expect(classMultiplier('deuces-wild', 1)).toEqual({ num: 200n, den: 1n });
  });
  it('the top pay is the 5-coin royal', () => {
    expect(videoPokerMaxMultiplier('jacks-or-better')).toEqual({ num: 800n, den: 1n });
    expect(videoPokerMaxMultiplier('deuces-wild')).toEqual({ num: 800n, den: 1n });
    expect(() => classMultiplier('jacks-or-better', 10)).toThrow();
  });
});
