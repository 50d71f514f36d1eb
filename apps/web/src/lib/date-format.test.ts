import { describe, expect, it, vi } from 'vitest';
import { createDateFormat, intlHasDateData } from './date-format';

// Node carries full ICU; these stand in for a browser (Chromium) that lacks a language.
const lacking = () => false;
const having = () => true;

describe('createDateFormat', () => {
  const at = new Date('2026-11-24T10:05:00Z');

  it('writes Burmese with its own month names when Intl lacks the language', () => {
    const options = { timeZone: 'UTC', supports: lacking };
    expect(createDateFormat('my', 'dateTime', options)(at)).toBe('24 နို 2026 10:05');
    expect(createDateFormat('my', 'date', options)(at)).toBe('24 နို 2026');
    expect(createDateFormat('my', 'monthDay', options)(at)).toBe('24 နို');
    expect(createDateFormat('my', 'time', options)(at)).toBe('10:05');
    expect(createDateFormat('my', 'dateTime', options)(at)).not.toMatch(/Nov/);
  });

  it('covers the other languages Chromium lacks', () => {
    const options = { timeZone: 'UTC', supports: lacking };
    expect(createDateFormat('km', 'date', options)(at)).toBe('24 វិច្ឆិកា 2026');
    expect(createDateFormat('lo', 'date', options)(at)).toBe('24 ພະຈິກ 2026');
    expect(createDateFormat('kk', 'date', options)(at)).toBe('24 қар 2026');
    // Latin script, like our Uzbek catalogue.
    expect(createDateFormat('uz', 'date', options)(at)).toBe('24 Noy 2026');
    expect(createDateFormat('ne', 'dateTime', options)(at)).toBe('24 नोभे. 2026, बिहानको 10:05 बजे');
  });

  it('leaves languages the browser has to Intl', () => {
    const intl = (locale: string) =>
      new Intl.DateTimeFormat(locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'UTC',
      }).format(at);
    expect(createDateFormat('en', 'dateTime', { timeZone: 'UTC', supports: lacking })(at)).toBe(
      intl('en'),
    );
    expect(createDateFormat('en', 'dateTime', { timeZone: 'UTC' })(at)).toBe(
      'Nov 24, 2026, 10:05 AM',
    );
    expect(createDateFormat('my', 'dateTime', { timeZone: 'UTC', supports: having })(at)).toBe(
      intl('my'),
    );
  });

  it('shows the wall clock of the time zone asked for', () => {
    const format = (timeZone: string, date = at) =>
      createDateFormat('my', 'dateTime', { timeZone, supports: lacking })(date);
    expect(format('Asia/Yangon')).toBe('24 နို 2026 16:35');
    expect(format('Asia/Yangon', new Date('2026-11-24T20:00:00Z'))).toBe('25 နို 2026 02:30');
    // New York moves to daylight time at 02:00 on 8 March 2026.
    expect(format('America/New_York', new Date('2026-03-08T06:30:00Z'))).toBe('8 မတ် 2026 01:30');
    expect(format('America/New_York', new Date('2026-03-08T07:30:00Z'))).toBe('8 မတ် 2026 03:30');
    expect(createDateFormat('en', 'dateTime', { timeZone: 'Asia/Yangon' })(at)).toBe(
      'Nov 24, 2026, 4:35 PM',
    );
  });

  it("names the zone, and an unknown zone shows the browser's clock", () => {
    expect(
      createDateFormat('my', 'dateTimeZone', { timeZone: 'Asia/Yangon', supports: lacking })(at),
    ).toBe('24 နို 2026 16:35 GMT+6:30');
    for (const supports of [lacking, having]) {
      expect(createDateFormat('my', 'dateTime', { timeZone: 'Not/AZone', supports })(at)).toBe(
        createDateFormat('my', 'dateTime', { supports })(at),
      );
    }
  });
});

describe('intlHasDateData', () => {
  it('is false for a language the browser does not list', () => {
    expect(intlHasDateData('en')).toBe(true);
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    expect(intlHasDateData('lo')).toBe(false);
  });
});
