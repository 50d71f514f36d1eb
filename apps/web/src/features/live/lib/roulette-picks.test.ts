import { describe, expect, it } from 'vitest';
import { ROULETTE_SPOTS, rouletteSpotNumbers } from '@taya/games';
import { insideModes, insideSpot } from './roulette-picks';

describe('a tap on a roulette number', () => {
  it('anchors the inside bets on the board’s layout', () => {
    expect(insideSpot('straight', 0)).toBe('straight:0');
    expect(insideSpot('split-right', 5)).toBe('split:5-6');
    expect(insideSpot('split-right', 6)).toBeNull();
    expect(insideSpot('split-down', 33)).toBe('split:33-36');
    expect(insideSpot('split-down', 34)).toBeNull();
    expect(insideSpot('street', 14)).toBe('street:13-14-15');
    expect(insideSpot('corner', 32)).toBe('corner:32-33-35-36');
    expect(insideSpot('corner', 33)).toBeNull();
    expect(insideSpot('line', 35)).toBeNull();
    expect(insideSpot('line', 30)).toBe('line:28-29-30-31-32-33');
    expect(insideSpot('street', 0)).toBeNull();
  });

  it('reaches every split, street, corner and line of the layout off zero, and only real spots', () => {
    const reached = new Set<string>();
    for (const mode of insideModes) {
      if (mode === 'neighbours') continue;
      for (let n = 0; n <= 36; n++) {
        const spot = insideSpot(mode, n);
        if (spot === null) continue;
        expect(ROULETTE_SPOTS).toContain(spot);
        expect(rouletteSpotNumbers(spot)).toContain(n);
        reached.add(spot);
      }
    }
    const inside = ROULETTE_SPOTS.filter(
      (s) => /^(straight|split|street|corner|line):/.test(s) && !rouletteSpotNumbers(s).includes(0),
    );
    expect(inside.filter((s) => !reached.has(s))).toEqual([]);
  });
});
