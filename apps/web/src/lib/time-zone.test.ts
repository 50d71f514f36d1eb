import { describe, expect, it } from 'vitest';
import { zonedClock } from './time-zone';

describe('zonedClock', () => {
  const at = new Date('2026-03-02T04:05:06Z');

  it("shows the merchant's wall clock and GMT offset", () => {
    expect(zonedClock('Asia/Manila')?.(at)).toEqual({
      date: '2026-03-02',
      time: '12:05:06',
      offset: 'GMT+08:00',
    });
    expect(zonedClock('Asia/Yangon')?.(at)).toMatchObject({
      time: '10:35:06',
      offset: 'GMT+06:30',
    });
  });

  it('writes UTC as GMT+00:00 and follows daylight saving', () => {
    expect(zonedClock('UTC')?.(at).offset).toBe('GMT+00:00');
    expect(zonedClock('America/New_York')?.(at).offset).toBe('GMT-05:00');
    expect(zonedClock('America/New_York')?.(new Date('2026-07-01T12:00:00Z')).offset).toBe(
      'GMT-04:00',
    );
  });

  it('is null for a zone the browser does not know', () => {
    expect(zonedClock('Mars/Olympus_Mons')).toBeNull();
  });

  it('uses 00, not 24, for midnight', () => {
    expect(zonedClock('Asia/Manila')?.(new Date('2026-03-01T16:00:00Z')).time).toBe('00:00:00');
  });
});
