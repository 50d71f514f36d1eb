import type { LiveEvent } from '@taya/contracts';
import { liveFeedUrl, useLiveFeed } from '../../lib/use-live-feed';
import { liveApi } from './api';

const parse = (data: unknown): LiveEvent | null =>
  data && typeof (data as { type?: unknown }).type === 'string' ? (data as LiveEvent) : null;

/**
 * The live tables' feed over the WebSocket (every table's state on connect, then phases, bets
 * and results), reconnecting with back-off; answers whether it is up.
 */
export function useLiveSocket(onEvent: (event: LiveEvent) => void): boolean {
  return useLiveFeed(
    typeof window === 'undefined' ? null : liveFeedUrl(liveApi.socket),
    parse,
    onEvent,
  );
}
