import type { CrashEvent } from '@taya/contracts';
import { liveFeedUrl, useLiveFeed } from '../../../lib/use-live-feed';
import { crashApi } from './api';

const parse = (data: unknown): CrashEvent | null =>
  data && typeof (data as { type?: unknown }).type === 'string' ? (data as CrashEvent) : null;

/**
 * Crash's live feed (the state on connect, then phases, bets, cash-outs and crashes),
 * reconnecting with back-off; answers whether it is up.
 */
export function useCrashSocket(onEvent: (event: CrashEvent) => void): boolean {
  return useLiveFeed(
    typeof window === 'undefined' ? null : liveFeedUrl(crashApi.socket),
    parse,
    onEvent,
  );
}
