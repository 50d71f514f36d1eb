import { loginVerificationMethods, type LoginVerificationMethod } from '@taya/contracts';
import type { Parser } from '../../../lib/api-client';
import { fail, isRecord, smsSentParser } from '../../../lib/parsers';

// The log-in verification answers; the small answers every feature meets are in lib/parsers.ts.

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
