import { describe, expect, it } from 'vitest';
import { addDays, dayStart, periodRange, zonedToday } from './periods';

describe('agent periods (merchant time zone)', () => {
  it("counts whole days of the merchant's zone, whatever the browser's", () => {
    // 01:30 on 2 March in Manila is still 1 March in UTC.
    const now = new Date('2026-03-01T17:30:00Z');
    expect(zonedToday('Asia/Manila', now)).toBe('2026-03-02');
    expect(periodRange('today', 'Asia/Manila', now)).toEqual({
      from: '2026-03-01T16:00:00.000Z',
      to: '2026-03-02T16:00:00.000Z',
    });
    expect(periodRange('last7', 'Asia/Manila', now).from).toBe('2026-02-23T16:00:00.000Z');
    expect(periodRange('last30', 'Asia/Yangon', now)).toEqual({
      from: '2026-01-31T17:30:00.000Z',
      to: '2026-03-02T17:30:00.000Z',
    });
  });

  it('finds midnight across a daylight-saving change, and treats an unknown zone as UTC', () => {
    // New York moves to daylight time on 8 March 2026: that day starts at -05:00, the next at -04:00.
    expect(dayStart('2026-03-08', 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(dayStart('2026-03-09', 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    expect(dayStart('2026-03-08', 'Not/AZone').toISOString()).toBe('2026-03-08T00:00:00.000Z');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
