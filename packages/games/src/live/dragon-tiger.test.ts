import { describe, expect, it } from 'vitest';
import { fraction } from '../originals/exact';
import type { Multiplier } from '../originals/types';
import { parseCards } from '../video-poker/cards';
import {
  DRAGON_TIGER_ENGINE_ID,
  DRAGON_TIGER_RULES,
  DRAGON_TIGER_SPOTS,
  dealDragonTiger,
  dragonTigerPay,
  dragonTigerSpotRtp,
  type DragonTigerSpot,
} from './dragon-tiger';
import { payBet } from './types';

/** Dragon's card, then Tiger's. */
const deal = (labels: string) => dealDragonTiger(parseCards(labels), 0);

/** What every spot pays on a stake of `amount` for a deal. */
const payAll = (labels: string, amount: bigint) =>
  Object.fromEntries(DRAGON_TIGER_SPOTS.map((s) => [s, dragonTigerPay(s, amount, deal(labels))]));

describe('the deal (GAMES.md §2)', () => {
  it('Dragon takes the card at `at`, Tiger the next; the higher rank wins, ace low', () => {
    expect(deal('Kh 5c')).toEqual({
      dragon: parseCards('Kh')[0],
      tiger: parseCards('5c')[0],
      used: 2,
      winner: 'dragon',
      suitedTie: false,
    });
    expect(deal('Ah 2c').winner).toBe('tiger');
    expect(deal('Ts Jd').winner).toBe('tiger');
    expect(deal('Qs Jd').winner).toBe('dragon');
    const shoe = parseCards('2c 3c 9d 4h');
    expect(dealDragonTiger(shoe, 2)).toMatchObject({ winner: 'dragon', used: 2 });
    expect(() => dealDragonTiger(shoe, 3)).toThrow('short');
  });

  it('suits do not rank: equal ranks tie, and equal rank and suit is a suited tie', () => {
    expect(deal('7h 7s')).toMatchObject({ winner: 'tie', suitedTie: false });
    expect(deal('7h 7h')).toMatchObject({ winner: 'tie', suitedTie: true });
    expect(deal('Ac As')).toMatchObject({ winner: 'tie', suitedTie: false });
  });
});

describe('payouts, stake included, rounded down to the minor unit', () => {
  it('a Dragon win with a K over a 5 of clubs', () => {
    expect(payAll('Kh 5c', 100n)).toEqual({
      dragon: 200n,
      tiger: 0n,
      tie: 0n,
      'suited-tie': 0n,
      'dragon-big': 200n,
      'dragon-small': 0n,
      'tiger-big': 0n,
      'tiger-small': 200n,
      'dragon-odd': 175n,
      'dragon-even': 0n,
      'tiger-odd': 175n,
      'tiger-even': 0n,
      'dragon-red': 190n,
      'dragon-black': 0n,
      'tiger-red': 0n,
      'tiger-black': 190n,
    });
  });

  it('a tie of 7s: Dragon and Tiger lose half, tie pays 8:1, a 7 is neither big nor small', () => {
    const p = payAll('7h 7s', 100n);
    expect(p).toMatchObject({
      dragon: 50n,
      tiger: 50n,
      tie: 900n,
      'suited-tie': 0n,
      'dragon-big': 0n,
      'dragon-small': 0n,
      'tiger-big': 0n,
      'tiger-small': 0n,
      'dragon-odd': 175n,
      'tiger-odd': 175n,
      'dragon-red': 190n,
      'tiger-black': 190n,
    });
    // Half of an odd stake, rounded down.
    expect(dragonTigerPay('dragon', 25n, deal('7h 7s'))).toBe(12n);
  });

  it('a suited tie pays 50:1 and the tie 8:1 too', () => {
    expect(payAll('Qd Qd', 10n)).toMatchObject({
      dragon: 5n,
      tiger: 5n,
      tie: 90n,
      'suited-tie': 510n,
      'dragon-big': 20n,
      'tiger-big': 20n,
      'dragon-even': 20n,
      'tiger-even': 20n,
      'dragon-red': 19n,
      'tiger-black': 0n,
    });
  });

  it('odd 0.75:1, even 1.05:1, red/black 0.9:1, each rounded down', () => {
    // Dragon A (odd, small, black), Tiger 6 of diamonds (even, small, red).
    expect(payAll('Ac 6d', 25n)).toMatchObject({
      tiger: 50n,
      'dragon-odd': 43n, // 25 + 18.75
      'tiger-even': 51n, // 25 + 26.25
      'dragon-black': 47n, // 25 + 22.5
      'tiger-red': 47n,
      'dragon-small': 50n,
      'tiger-small': 50n,
      'dragon-big': 0n,
    });
    expect(dragonTigerPay('tiger-even', 1n, deal('Ac 6d'))).toBe(2n);
    expect(dragonTigerPay('dragon-odd', 1n, deal('Ac 6d'))).toBe(1n);
  });

  it('the table rules: spots in board order, max multipliers, bets over several spots', () => {
    expect(DRAGON_TIGER_RULES.id).toBe(DRAGON_TIGER_ENGINE_ID);
    expect(DRAGON_TIGER_ENGINE_ID).toBe('taya-dragon-tiger@1');
    expect(DRAGON_TIGER_RULES.spots).toEqual(DRAGON_TIGER_SPOTS);
    expect(DRAGON_TIGER_SPOTS).toHaveLength(16);
    expect(DRAGON_TIGER_RULES.maxMultiplier('dragon')).toEqual({ num: 2n, den: 1n });
    expect(DRAGON_TIGER_RULES.maxMultiplier('tie')).toEqual({ num: 9n, den: 1n });
    expect(DRAGON_TIGER_RULES.maxMultiplier('suited-tie')).toEqual({ num: 51n, den: 1n });
    expect(DRAGON_TIGER_RULES.maxMultiplier('tiger-small')).toEqual({ num: 2n, den: 1n });
    expect(DRAGON_TIGER_RULES.maxMultiplier('tiger-odd')).toEqual({ num: 7n, den: 4n });
    expect(DRAGON_TIGER_RULES.maxMultiplier('dragon-even')).toEqual({ num: 41n, den: 20n });
    expect(DRAGON_TIGER_RULES.maxMultiplier('dragon-black')).toEqual({ num: 19n, den: 10n });
    expect(() => DRAGON_TIGER_RULES.maxMultiplier('banker')).toThrow();
    const tie = deal('9s 9s');
    expect(
      payBet(
        DRAGON_TIGER_RULES,
        [
          { spot: 'dragon', amount: 100n },
          { spot: 'tie', amount: 10n },
          { spot: 'suited-tie', amount: 10n },
        ],
        tie,
      ),
    ).toBe(50n + 90n + 510n);
    expect(() => payBet(DRAGON_TIGER_RULES, [{ spot: 'banker', amount: 1n }], tie)).toThrow();
    expect(() => DRAGON_TIGER_RULES.pay('player', 1n, tie)).toThrow();
    // Every spot's largest payout is its multiplier.
    for (const spot of DRAGON_TIGER_SPOTS) {
      const m = DRAGON_TIGER_RULES.maxMultiplier(spot);
      for (const labels of ['Kh Kh', 'Ac 6d', 'Kh 5c', '7h 7s', '2s Ts'])
        expect(DRAGON_TIGER_RULES.pay(spot, 20n, deal(labels))).toBeLessThanOrEqual(
          (20n * m.num) / m.den,
        );
    }
  });
});

describe('exact returns over the 416 · 415 ordered pairs of an 8-deck shoe (GAMES.md §2)', () => {
  // Every ordered pair of two different cards of the shoe, tallied by what each spot wins.
  // Counts of pairs: a stake wins its multiplier on `win` pairs, half back on `half` pairs.
  const shoe = Array.from({ length: 416 }, (_, i) => i % 52);
  const rankOf = (c: number) => (c >> 2 === 12 ? 1 : (c >> 2) + 2);
  const redOf = (c: number) => (c & 3) === 1 || (c & 3) === 2;
  const wins = new Map<DragonTigerSpot, number>(DRAGON_TIGER_SPOTS.map((s) => [s, 0]));
  let ties = 0;
  const bump = (s: DragonTigerSpot, yes: boolean) => {
    if (yes) wins.set(s, wins.get(s)! + 1);
  };
  let pairs = 0;
  for (let i = 0; i < shoe.length; i++) {
    for (let j = 0; j < shoe.length; j++) {
      if (i === j) continue;
      pairs++;
      const d = shoe[i]!;
      const t = shoe[j]!;
      const dr = rankOf(d);
      const tr = rankOf(t);
      bump('dragon', dr > tr);
      bump('tiger', tr > dr);
      if (dr === tr) ties++;
      bump('tie', dr === tr);
      bump('suited-tie', d === t);
      for (const [side, card, rank] of [
        ['dragon', d, dr],
        ['tiger', t, tr],
      ] as const) {
        bump(`${side}-big`, rank >= 8);
        bump(`${side}-small`, rank <= 6);
        bump(`${side}-odd`, rank % 2 === 1);
        bump(`${side}-even`, rank % 2 === 0);
        bump(`${side}-red`, redOf(card));
        bump(`${side}-black`, !redOf(card));
      }
    }
  }
  const pays: Record<DragonTigerSpot, Multiplier> = {
    dragon: { num: 2n, den: 1n },
    tiger: { num: 2n, den: 1n },
    tie: { num: 9n, den: 1n },
    'suited-tie': { num: 51n, den: 1n },
    'dragon-big': { num: 2n, den: 1n },
    'dragon-small': { num: 2n, den: 1n },
    'tiger-big': { num: 2n, den: 1n },
    'tiger-small': { num: 2n, den: 1n },
    'dragon-odd': { num: 175n, den: 100n },
    'dragon-even': { num: 205n, den: 100n },
    'tiger-odd': { num: 175n, den: 100n },
    'tiger-even': { num: 205n, den: 100n },
    'dragon-red': { num: 190n, den: 100n },
    'dragon-black': { num: 190n, den: 100n },
    'tiger-red': { num: 190n, den: 100n },
    'tiger-black': { num: 190n, den: 100n },
  };
  const enumerated = (spot: DragonTigerSpot): Multiplier => {
    const m = pays[spot];
    let num = BigInt(wins.get(spot)!) * m.num * 2n;
    // Dragon and Tiger get half the stake back on a tie.
    if (spot === 'dragon' || spot === 'tiger') num += BigInt(ties) * m.den;
    return fraction(num, BigInt(pairs) * m.den * 2n);
  };
  const edge = (m: Multiplier) => (1 - Number((m.num * 10n ** 12n) / m.den) / 1e12) * 100;

  it('the pairs and P(tie) = 13 · 32 · 31 / (416 · 415)', () => {
    expect(pairs).toBe(416 * 415);
    expect(ties).toBe(13 * 32 * 31);
    expect(wins.get('suited-tie')).toBe(52 * 8 * 7);
  });

  it.each(DRAGON_TIGER_SPOTS)('%s: the engine’s return equals the enumeration', (spot) => {
    expect(dragonTigerSpotRtp(spot)).toEqual(enumerated(spot));
  });

  it('the edges GAMES.md §2 gives', () => {
    const edges: [DragonTigerSpot[], number, number][] = [
      [['dragon', 'tiger'], 3.7349, 4],
      [['tie'], 32.77, 2],
      [['suited-tie'], 13.98, 2],
      [['dragon-big', 'dragon-small', 'tiger-big', 'tiger-small'], 7.69, 2],
      [['dragon-odd', 'tiger-odd'], 5.77, 2],
      [['dragon-even', 'tiger-even'], 5.38, 2],
      [['dragon-red', 'dragon-black', 'tiger-red', 'tiger-black'], 5.0, 2],
    ];
    for (const [spots, figure, digits] of edges)
      for (const spot of spots) expect(edge(dragonTigerSpotRtp(spot))).toBeCloseTo(figure, digits);
    expect(dragonTigerSpotRtp('dragon')).toEqual({ num: 799n, den: 830n });
    expect(dragonTigerSpotRtp('suited-tie')).toEqual({ num: 357n, den: 415n });
  });
});
