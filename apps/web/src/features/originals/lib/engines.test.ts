import { describe, expect, it } from 'vitest';
import { playedRtpBps } from './engines';

describe('the rate a game is played at, from the return its info shows', () => {
  it('finds plinko’s and keno’s, whose engines refuse rates outside 95–99 %', () => {
    expect(playedRtpBps('plinko', '98.98')).toBe(9_900);
    expect(playedRtpBps('keno', '99.03')).toBe(9_900);
    expect(playedRtpBps('dice', '98.99')).toBe(9_900);
    // 16 rows medium at 96.00 %: the rounder of the rates that show the same figure.
    expect(playedRtpBps('plinko', '95.98')).toBe(9_600);
  });
});
