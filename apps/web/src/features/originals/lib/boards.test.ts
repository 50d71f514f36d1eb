import { describe, expect, it } from 'vitest';
import { plinkoBuckets } from '@taya/games';
import {
  autoPick,
  ballAt,
  bucketColour,
  multiplierLabel,
  paysStake,
  plinkoGeometry,
  revealedCount,
  trimMultiplier,
} from './boards';

describe('the plinko board', () => {
  it('labels multipliers as the board shows them', () => {
    const high = plinkoBuckets({ rows: 16, risk: 'high' }, 9_900).map(multiplierLabel);
    expect(high.slice(0, 9)).toEqual(['1000', '130', '26', '9', '4', '2', '0.2', '0.2', '0.2']);
    expect(multiplierLabel({ num: 959_595n, den: 1_000n })).toBe('959.59');
    expect(['0.0000', '0.5000', '26.0000', '2.2500', '1.0000'].map(trimMultiplier)).toEqual([
      '0',
      '0.5',
      '26',
      '2.25',
      '1',
    ]);
    expect(['0.5000', '0.9999', '1.0000', '1000.0000'].map(paysStake)).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('drops the ball along the path into the bucket of its rights', () => {
    for (const rows of [8, 12, 16]) {
      const geo = plinkoGeometry(rows);
      const path: number[] = Array.from({ length: rows }, (_, i) => (i % 3 === 0 ? 1 : 0));
      const bucket = path.reduce((a, b) => a + b, 0);
      const end = ballAt(geo, path, 1);
      expect(end.x).toBeCloseTo(geo.bucketX(bucket));
      expect(end.y).toBeCloseTo(geo.bucketY + geo.bucketH / 2);
      // On each row the ball sits right above a pin of that row.
      for (let row = 0; row < rows; row++) {
        const at = ballAt(geo, path, (row + 1) / (rows + 1));
        const rights = path.slice(0, row).reduce((a, b) => a + b, 0);
        expect(at.x).toBeCloseTo(geo.pin(row, rights + 1).x);
      }
      // It never leaves the board sideways.
      for (let i = 0; i <= 100; i++) {
        const { x } = ballAt(geo, path, i / 100);
        expect(x).toBeGreaterThan(0);
        expect(x).toBeLessThan(geo.width);
      }
    }
  });

  it('colours buckets from yellow (smallest) to red (largest)', () => {
    const b = plinkoBuckets({ rows: 8, risk: 'high' }, 9_900);
    const small = b[4]!;
    const large = b[0]!;
    expect(bucketColour(small, small, large)).toBe('hsl(48 92% 58%)');
    expect(bucketColour(large, small, large)).toBe('hsl(0 92% 48%)');
  });
});

describe('keno', () => {
  it('auto-picks distinct numbers in range, ascending', () => {
    let i = 0;
    const picks = autoPick(10, 40, (n) => (i++ * 7) % n);
    expect(picks).toHaveLength(10);
    expect(new Set(picks).size).toBe(10);
    expect(picks.every((n) => n >= 1 && n <= 40)).toBe(true);
    expect([...picks].sort((a, b) => a - b)).toEqual(picks);
    expect(autoPick(10, 40)).toHaveLength(10);
  });

  it('reveals the drawn numbers one by one', () => {
    expect(revealedCount(10, 0, 1100)).toBe(0);
    expect(revealedCount(10, 550, 1100)).toBe(5);
    expect(revealedCount(10, 1100, 1100)).toBe(10);
    expect(revealedCount(10, 5, 0)).toBe(10);
  });
});
