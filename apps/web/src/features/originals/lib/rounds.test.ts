import { describe, expect, it } from 'vitest';
import { drawnSuffix, drawnValue, shortMultiplier } from './rounds';

const round = (game: string, outcome: Record<string, unknown>, multiplier = '0.0000') =>
  ({ game, outcome, multiplier, params: {} }) as Parameters<typeof drawnValue>[0];

describe('what a round shows in the recent strip', () => {
  it('shows each game’s own drawn value', () => {
    expect(drawnValue(round('dice', { roll: '37.12' }))).toBe('37.12');
    expect(drawnValue(round('limbo', { result: '1.87' })) + drawnSuffix('limbo')).toBe('1.87×');
    expect(drawnValue(round('mines', { gems: 3 }))).toBe('3 ◆');
  });

  it('shows a video poker hand by what it paid, never a bare dash', () => {
    expect(drawnValue(round('jacks-or-better', { hand: 'nothing' }))).toBe('0.00×');
    expect(drawnValue(round('deuces-wild', { hand: 'flush' }, '3.0000'))).toBe('3.00×');
    expect(drawnSuffix('deuces-wild')).toBe('');
  });

  it('cuts a multiplier to two decimals without rounding', () => {
    expect(shortMultiplier('1.9999')).toBe('1.99');
    expect(shortMultiplier('2')).toBe('2.00');
  });
});
