import { describe, expect, it } from 'vitest';
import { marketSelections, type MarketSpec } from '@taya/games';
import { addDist, poisson, priceMarket } from './sandbox-pricing';

describe('the sandbox’s prices', () => {
  it('leave out the correct scores a match has already passed, and price the rest', () => {
    const spec = { kind: 'cs', scores: ['0-0', '1-0', '0-1', '1-1', '2-0', '2-1'] } as MarketSpec;
    const selections = marketSelections(spec);
    // 1–0 with a third of the match to play.
    const prices = priceMarket(
      spec,
      selections,
      addDist({ home: 1, away: 0 }, poisson(0.5), poisson(0.4)),
    )!;
    expect(Object.keys(prices).sort()).toEqual(
      selections.filter((s) => !['0-0', '0-1'].includes(s)).sort(),
    );
    for (const price of Object.values(prices)) expect(price).toBeGreaterThanOrEqual(1010);
    // Before kick-off every score is on offer.
    const before = priceMarket(
      spec,
      selections,
      addDist({ home: 0, away: 0 }, poisson(1.4), poisson(1.1)),
    )!;
    expect(Object.keys(before).sort()).toEqual([...selections].sort());
  });
});
