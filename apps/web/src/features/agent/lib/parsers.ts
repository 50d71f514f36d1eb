import type { Parser } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-client';

/**
 * Checks for the agent answers the contracts give no schema for. Each throws on a surprise, which
 * the API client reports as `bad_response`.
 */
function fail(what: string): never {
  throw new TypeError(`Expected ${what}`);
}

function isRecord(input: unknown): input is Record<string, unknown> {
  return typeof input === 'object' && input !== null;
}

/** POST /wps/agent/downlines: the new account; agents get a referral code of their own. */
export interface CreatedDownline {
  id: string;
  username: string;
  type: number;
  referralCode: string | null;
}

export const createdDownlineParser: Parser<CreatedDownline> = {
  parse(input) {
    if (
      !isRecord(input) ||
      typeof input.id !== 'string' ||
      typeof input.username !== 'string' ||
      typeof input.type !== 'number'
    ) {
      fail('{id, username, type}');
    }
    const code = input.referralCode;
    return {
      id: input.id,
      username: input.username,
      type: input.type,
      referralCode: typeof code === 'string' && code !== '' ? code : null,
    };
  },
};

/** One of my downline contracts that agreeing to a lower offer would end. */
export interface HigherRateConflict {
  contractId: string;
  /** The downline's username when the answer names it; else only its id. */
  username: string | null;
  downlineId: string | null;
  maxRate: string;
}

/**
 * The `contract_lower_rate` refusal's `value.downlineHigherRate`: each entry names the downline
 * by `downline: {id, username}` (as the listing does) or by `downlineId`. Empty for any other
 * failure.
 */
export function lowerRateConflicts(error: unknown): HigherRateConflict[] | null {
  if (!(error instanceof ApiError) || error.errorCode !== 'contract_lower_rate') return null;
  const list = isRecord(error.value) ? error.value.downlineHigherRate : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (!isRecord(item) || typeof item.contractId !== 'string' || typeof item.maxRate !== 'string')
      return [];
    const downline = isRecord(item.downline) ? item.downline : null;
    const username = typeof downline?.username === 'string' ? downline.username : null;
    const id =
      typeof downline?.id === 'string'
        ? downline.id
        : typeof item.downlineId === 'string'
          ? item.downlineId
          : null;
    return [{ contractId: item.contractId, username, downlineId: id, maxRate: item.maxRate }];
  });
}
