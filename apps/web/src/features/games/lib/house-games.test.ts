import { describe, expect, it } from 'vitest';
import { freePlayHref, originalHref } from './house-games';

describe('house original tiles', () => {
  it('open the Colour Game page, for real and for free', () => {
    const tile = { vassalage: 'TAYA', gameCode: 'TAYA_COLOR', maintenance: false };
    expect(originalHref(tile)).toBe('/house/color-game');
    expect(freePlayHref(tile)).toBe('/house/color-game?mode=demo');
  });

  it('open the scratch cards page, for real and for free', () => {
    const tile = { vassalage: 'TAYA', gameCode: 'TAYA_SCRATCH' };
    expect(originalHref(tile)).toBe('/house/scratch');
    expect(freePlayHref(tile)).toBe('/house/scratch?mode=demo');
    expect(originalHref({ vassalage: 'OTHER', gameCode: 'TAYA_SCRATCH' })).toBeNull();
  });
});
