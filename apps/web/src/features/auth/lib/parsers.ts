import type { Parser } from '../../../lib/api-client';

/**
 * Checks for the small answers the contracts give no schema for. Each throws on a surprise, which
 * the API client reports as `bad_response`.
 */
function fail(what: string): never {
  throw new TypeError(`Expected ${what}`);
}

function isRecord(input: unknown): input is Record<string, unknown> {
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

export type VerificationMethod = 'sms' | 'email';

function isVerificationMethod(input: unknown): input is VerificationMethod {
  return input === 'sms' || input === 'email';
}

/**
 * SPEC §4, a log-in from an address the account has not used: the failure's value names the
 * challenge and where a code may go, each destination masked ("+63 91*****002").
 */
export interface LoginChallenge {
  challengeId: string;
  methods: { method: VerificationMethod; destination: string }[];
}

export const loginChallengeParser: Parser<LoginChallenge> = {
  parse(input) {
    if (!isRecord(input) || typeof input.challengeId !== 'string' || !input.challengeId) {
      fail('{challengeId, methods}');
    }
    if (!Array.isArray(input.methods)) fail('a list of methods');
    const methods = input.methods.flatMap((item: unknown) =>
      isRecord(item) && isVerificationMethod(item.method) && typeof item.destination === 'string'
        ? [{ method: item.method, destination: item.destination }]
        : [],
    );
    if (methods.length === 0) fail('at least one verification method');
    return { challengeId: input.challengeId, methods };
  },
};

/** `{expiredMinutes, destination}`: the verification code went out; SPEC §9 defaults minutes to 1. */
export const verificationSentParser: Parser<{ expiredMinutes: number; destination: string }> = {
  parse(input) {
    const { expiredMinutes } = smsSentParser.parse(input);
    const destination = (input as Record<string, unknown>).destination;
    return typeof destination === 'string'
      ? { expiredMinutes, destination }
      : fail('a masked destination');
  },
};
