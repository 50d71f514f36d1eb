import type { Parser } from './api-client';

/**
 * Checks for the small answers the contracts give no schema for. Each throws on a surprise, which
 * the API client reports as `bad_response`.
 */
export function fail(what: string): never {
  throw new TypeError(`Expected ${what}`);
}

export function isRecord(input: unknown): input is Record<string, unknown> {
  return typeof input === 'object' && input !== null;
}

/** `{done: true}` answers (log-out, password changes). */
export const doneParser: Parser<{ done: true }> = {
  parse(input) {
    return isRecord(input) && input.done === true ? { done: true } : fail('{done: true}');
  },
};

/** `{expiredMinutes}` answers of the SMS code calls; SPEC §9 defaults it to 1. */
export const smsSentParser: Parser<{ expiredMinutes: number }> = {
  parse(input) {
    if (!isRecord(input)) fail('{expiredMinutes}');
    const minutes = input.expiredMinutes;
    if (minutes === undefined || minutes === null) return { expiredMinutes: 1 };
    return typeof minutes === 'number' && Number.isFinite(minutes) && minutes >= 0
      ? { expiredMinutes: minutes }
      : fail('a number of minutes');
  },
};

export const booleanParser: Parser<boolean> = {
  parse(input) {
    return typeof input === 'boolean' ? input : fail('a boolean');
  },
};
