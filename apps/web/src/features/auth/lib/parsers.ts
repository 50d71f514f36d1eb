import { loginVerificationMethods, type LoginVerificationMethod } from '@taya/contracts';
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

/**
 * SPEC §4 proofs: a code sent by SMS or e-mail, an authenticator code (or a recovery code), or
 * the name on the account's bank account.
 */
export type VerificationMethod = LoginVerificationMethod;

function isVerificationMethod(input: unknown): input is VerificationMethod {
  return (loginVerificationMethods as readonly unknown[]).includes(input);
}

/**
 * SPEC §4, a log-in from an address the account has not used: the failure's value names the
 * challenge and the proofs it takes; a code's destination is masked ("+63 91*****002"), and empty
 * for the proofs that send nothing (authenticator, bank account name).
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
    const methods = input.methods.flatMap((item: unknown) => {
      if (!isRecord(item) || !isVerificationMethod(item.method)) return [];
      if (typeof item.destination === 'string') {
        return [{ method: item.method, destination: item.destination }];
      }
      // Nothing is sent for an authenticator code or a bank account name: no destination.
      const sendsNothing = item.method === 'totp' || item.method === 'bank_name';
      return sendsNothing && item.destination == null
        ? [{ method: item.method, destination: '' }]
        : [];
    });
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
