import type { Parser } from '../../../lib/api-client';

function fail(what: string): never {
  throw new TypeError(`Expected ${what}`);
}

/** `{revoked: n}`: how many other sessions were ended. */
export const revokedParser: Parser<{ revoked: number }> = {
  parse(input) {
    const revoked = (input as { revoked?: unknown } | null)?.revoked;
    return typeof revoked === 'number' && Number.isInteger(revoked) && revoked >= 0
      ? { revoked }
      : fail('{revoked: n}');
  },
};
