import { describe, expect, it } from 'vitest';
import { ELOTT_1M, ELOTT_5M, SEA_4D, THAI_LOTTERY, VN_NORTH } from './games';
import { closesAt, issueIdFor, nextDraws } from './schedule';

const iso = (d: Date) => d.toISOString();

describe('draw schedules and issue ids', () => {
  it('draws interval games on the local clock and numbers them within the day', () => {
    // 03:00:30 UTC is 10:00:30 in Ho Chi Minh City.
    const draws = nextDraws(ELOTT_1M, new Date('2026-11-24T03:00:30Z'), 2);
    expect(draws.map(iso)).toEqual(['2026-11-24T03:01:00.000Z', '2026-11-24T03:02:00.000Z']);
    expect(issueIdFor(ELOTT_1M, draws[0]!)).toBe('20261124-0601');
    expect(iso(closesAt(ELOTT_1M, draws[0]!))).toBe('2026-11-24T03:00:50.000Z');
    // The local midnight draw is the last of the day before; 00:01 is the first.
    expect(issueIdFor(ELOTT_1M, new Date('2026-11-24T17:00:00Z'))).toBe('20261124-1440');
    expect(issueIdFor(ELOTT_1M, new Date('2026-11-24T17:01:00Z'))).toBe('20261125-0001');
    expect(issueIdFor(ELOTT_5M, new Date('2026-11-24T17:05:00Z'))).toBe('20261125-001');
    // Exactly at a draw, the next one is the one after.
    expect(nextDraws(ELOTT_5M, new Date('2026-11-24T03:05:00Z'), 1).map(iso)).toEqual([
      '2026-11-24T03:10:00.000Z',
    ]);
    expect(() => issueIdFor(ELOTT_5M, new Date('2026-11-24T03:06:00Z'))).toThrow();
  });

  it('draws calendar games on their days at their local time', () => {
    // 18:15 in Hanoi is 11:15 UTC.
    expect(nextDraws(VN_NORTH, new Date('2026-11-24T11:14:59Z'), 2).map(iso)).toEqual([
      '2026-11-24T11:15:00.000Z',
      '2026-11-25T11:15:00.000Z',
    ]);
    expect(nextDraws(VN_NORTH, new Date('2026-11-24T11:15:00Z'), 1).map(iso)).toEqual([
      '2026-11-25T11:15:00.000Z',
    ]);
    expect(issueIdFor(VN_NORTH, new Date('2026-11-24T11:15:00Z'))).toBe('20261124');
    // 24 Nov 2026 is a Tuesday: 4D draws Wednesday, Saturday, Sunday at 19:00 (11:00 UTC).
    expect(nextDraws(SEA_4D, new Date('2026-11-24T00:00:00Z'), 3).map(iso)).toEqual([
      '2026-11-25T11:00:00.000Z',
      '2026-11-28T11:00:00.000Z',
      '2026-11-29T11:00:00.000Z',
    ]);
    // Thai draws on the 1st and 16th at 15:00 (08:00 UTC).
    expect(nextDraws(THAI_LOTTERY, new Date('2026-11-24T00:00:00Z'), 2).map(iso)).toEqual([
      '2026-12-01T08:00:00.000Z',
      '2026-12-16T08:00:00.000Z',
    ]);
    expect(iso(closesAt(THAI_LOTTERY, new Date('2026-12-01T08:00:00Z')))).toBe(
      '2026-12-01T07:30:00.000Z',
    );
    expect(() => issueIdFor(VN_NORTH, new Date('2026-11-24T11:16:00Z'))).toThrow();
  });
});
