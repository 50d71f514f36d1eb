import { describe, expect, it } from 'vitest';
import { seedCommitment } from '../kernel/fairness';
import { parseCards } from '../video-poker/cards';
import {
  aceLowRank,
  baccaratValue,
  burnCount,
  cutAfterHand,
  handMayStart,
  planShoe,
  shuffleCards,
  shuffleShoe,
} from './shoe';

const SEED = 'a'.repeat(64);

describe('the shoe', () => {
  it('holds every card of its decks once per deck, in a shuffle the seeds fix', () => {
    const shoe = shuffleShoe(8, SEED, 'table-1:shoe-1');
    expect(shoe).toHaveLength(416);
    const counts = new Map<number, number>();
    for (const c of shoe) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(52);
    expect([...counts.values()].every((n) => n === 8)).toBe(true);
    expect(shuffleShoe(8, SEED, 'table-1:shoe-1')).toEqual(shoe);
    expect(shuffleShoe(8, SEED, 'table-1:shoe-2')).not.toEqual(shoe);
    expect(seedCommitment(SEED)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is Fisher–Yates from the top down: n − 1 draws, each below i + 1', () => {
    const asked: number[] = [];
    const shoe = shuffleCards(1, {
      int(n) {
        asked.push(n);
        return 0;
      },
    });
    expect(asked).toEqual(Array.from({ length: 51 }, (_, i) => 52 - i));
    // Always drawing 0 swaps each top card with the first: the deck rotates by one.
    expect(shoe.slice(0, 3)).toEqual([1, 2, 3]);
    expect(shoe[51]).toBe(0);
  });

  it('values: baccarat points, the burn count and the ace-low rank', () => {
    const [a, five, ten, king] = parseCards('Ah 5c Td Ks');
    expect([a, five, ten, king].map((c) => baccaratValue(c!))).toEqual([1, 5, 0, 0]);
    expect([a, five, ten, king].map((c) => burnCount(c!))).toEqual([1, 5, 10, 10]);
    expect([a, five, ten, king].map((c) => aceLowRank(c!))).toEqual([1, 5, 10, 13]);
  });

  it('burns by the first card and deals to the cut card, then one more hand', () => {
    const shoe = shuffleShoe(8, SEED, 'x');
    const plan = planShoe(shoe);
    expect(plan.firstHandAt).toBe(1 + burnCount(shoe[0]!));
    expect(plan.burned).toHaveLength(plan.firstHandAt);
    expect(plan.cutAt).toBe(400);
    expect(cutAfterHand(plan, 390, 395, 'in')).toBe('in');
    expect(cutAfterHand(plan, 396, 401, 'in')).toBe('one-more');
    expect(cutAfterHand(plan, 401, 406, 'one-more')).toBe('done');
    // The cut card in place of a hand's first card: that hand is the last.
    expect(cutAfterHand(plan, 400, 405, 'in')).toBe('done');
    expect(handMayStart(plan, 401, 'one-more', 6)).toBe(true);
    expect(handMayStart(plan, 406, 'done', 6)).toBe(false);
    expect(handMayStart(plan, 412, 'in', 6)).toBe(false);
  });
});
