import type { CockfightEvent } from '@taya/contracts';
import { liveFeedUrl, useLiveFeed } from '../../lib/use-live-feed';
import { cockfightApi } from './api';

const parse = (data: unknown): CockfightEvent | null =>
  data && typeof (data as { type?: unknown }).type === 'string' ? (data as CockfightEvent) : null;

/**
 * The arenas' feed over the WebSocket (every arena's fight and boards on connect, then fights
 * moving and each merchant's board after every bet), reconnecting with back-off; answers
 * whether it is up.
 */
export function useCockfightSocket(onEvent: (event: CockfightEvent) => void): boolean {
  return useLiveFeed(
    typeof window === 'undefined' ? null : liveFeedUrl(cockfightApi.socket),
    parse,
    onEvent,
  );
}
