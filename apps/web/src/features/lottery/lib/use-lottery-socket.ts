import { useEffect, useRef, useState } from 'react';
import { lotteryEventSchema, type LotteryEvent } from '@taya/contracts';

export const lotterySocketPath = '/ws/lottery';

export function lotterySocketUrl(gameCode: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = new URLSearchParams({ gameCode });
  return `${scheme}//${window.location.host}${lotterySocketPath}?${query.toString()}`;
}

/** Longest wait between reconnection attempts. */
const maxBackoffMs = 30_000;

/**
 * A game's live events (`open`, `closed`, `result`, `cancelled`) over the WebSocket, reconnecting
 * with back-off. Returns whether the socket is up, so the page can poll while it is not.
 */
export function useLotterySocket(
  gameCode: string | null,
  onEvent: (event: LotteryEvent) => void,
): boolean {
  const [online, setOnline] = useState(false);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    if (gameCode === null || typeof WebSocket === 'undefined') return;
    let stopped = false;
    let attempt = 0;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      timer = undefined;
      if (stopped) return;
      const current = new WebSocket(lotterySocketUrl(gameCode));
      socket = current;
      current.addEventListener('open', () => {
        attempt = 0;
        setOnline(true);
      });
      current.addEventListener('message', (event: MessageEvent) => {
        try {
          const parsed = lotteryEventSchema.safeParse(JSON.parse(String(event.data)));
          if (parsed.success) handler.current(parsed.data);
        } catch {
          // A frame that is not ours is ignored.
        }
      });
      current.addEventListener('close', () => {
        if (socket === current) socket = null;
        if (stopped) return;
        setOnline(false);
        const delay = Math.min(maxBackoffMs, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
        attempt += 1;
        timer = setTimeout(connect, delay);
      });
    };
    connect();
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      socket?.close(1000);
      socket = null;
      setOnline(false);
    };
  }, [gameCode]);

  return online;
}
