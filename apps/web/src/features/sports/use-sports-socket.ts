import type { SportsEvent } from '@taya/contracts';
import { liveFeedUrl, useLiveFeed } from '../../lib/use-live-feed';
import { sportsApi } from './api';

const parse = (data: unknown): SportsEvent | null =>
  data && typeof (data as { type?: unknown }).type === 'string' ? (data as SportsEvent) : null;

/**
 * The sportsbook's feed over the WebSocket (the server's clock on connect, then every fixture
 * whenever its score, clock, status or prices change), reconnecting with back-off; answers
 * whether it is up.
 */
export function useSportsSocket(onEvent: (event: SportsEvent) => void): boolean {
  return useLiveFeed(
    typeof window === 'undefined' ? null : liveFeedUrl(sportsApi.socket),
    parse,
    onEvent,
  );
}
