import type { ColorEvent } from '@taya/contracts';
import { liveFeedUrl, useLiveFeed } from '../../../lib/use-live-feed';
import { colorApi } from './api';

const parse = (data: unknown): ColorEvent | null =>
  data && typeof (data as { type?: unknown }).type === 'string' ? (data as ColorEvent) : null;

/**
 * The Colour Game's live feed over the WebSocket (the state on connect, then phases, bets and
 * results), reconnecting with back-off; answers whether it is up.
 */
export function useColorSocket(onEvent: (event: ColorEvent) => void): boolean {
  return useLiveFeed(
    typeof window === 'undefined' ? null : liveFeedUrl(colorApi.socket),
    parse,
    onEvent,
  );
}
