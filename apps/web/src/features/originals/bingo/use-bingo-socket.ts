import type { BingoEvent } from '@taya/contracts';
import { liveFeedUrl, useLiveFeed } from '../../../lib/use-live-feed';
import { bingoApi } from './api';

const parse = (data: unknown): BingoEvent | null =>
  data && typeof (data as { type?: unknown }).type === 'string' ? (data as BingoEvent) : null;

/**
 * Bingo's live feed over the WebSocket (the state on connect, then phases, balls and results),
 * reconnecting with back-off; answers whether it is up.
 */
export function useBingoSocket(onEvent: (event: BingoEvent) => void): boolean {
  return useLiveFeed(
    typeof window === 'undefined' ? null : liveFeedUrl(bingoApi.socket),
    parse,
    onEvent,
  );
}
