import { lotteryEventSchema, type LotteryEvent } from '@taya/contracts';
import { liveFeedUrl, useLiveFeed } from '../../../lib/use-live-feed';

export const lotterySocketPath = '/ws/lottery';

export function lotterySocketUrl(gameCode: string): string {
  return liveFeedUrl(lotterySocketPath, { gameCode });
}

const parse = (data: unknown): LotteryEvent | null => {
  const parsed = lotteryEventSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
};

/**
 * A game's live events (`open`, `closed`, `result`, `cancelled`) over the WebSocket, reconnecting
 * with back-off. Returns whether the socket is up, so the page can poll while it is not.
 */
export function useLotterySocket(
  gameCode: string | null,
  onEvent: (event: LotteryEvent) => void,
): boolean {
  return useLiveFeed(gameCode === null ? null : lotterySocketUrl(gameCode), parse, onEvent);
}
