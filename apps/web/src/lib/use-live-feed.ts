import { useEffect, useRef, useState } from 'react';
import ReconnectingWebSocket from 'partysocket/ws';

/** The address of one of the server's WebSocket feeds on this page's host. */
export function liveFeedUrl(path: string, query?: Record<string, string>): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${scheme}//${window.location.host}${path}${search}`;
}

/** Longest wait between reconnection attempts. */
const maxBackoffMs = 30_000;

/** `url` asking the server for the events after `eventId` (the last one this page had). */
export function resumeUrl(url: string, eventId: string | null): string {
  if (eventId === null) return url;
  const resumed = new URL(url);
  resumed.searchParams.set('since', eventId);
  return resumed.toString();
}

/**
 * A live feed over a WebSocket (`partysocket`'s reconnecting socket: growing, jittered waits up
 * to 30 s between attempts): each frame is JSON, given to `parse`, and what it returns (null:
 * not ours, ignored) to `onEvent`. Answers whether the socket is up, so a page can poll while it
 * is not. No socket while `url` is null, or where there is no WebSocket.
 *
 * A reconnection, to whichever server node takes it, asks for the events after the last
 * `eventId` received (`?since=`): the server sends just those when it holds that id, else the
 * whole state as on a first connect.
 */
export function useLiveFeed<E>(
  url: string | null,
  parse: (data: unknown) => E | null,
  onEvent: (event: E) => void,
): boolean {
  const [online, setOnline] = useState(false);
  const handler = useRef({ parse, onEvent });
  useEffect(() => {
    handler.current = { parse, onEvent };
  }, [parse, onEvent]);

  useEffect(() => {
    if (url === null || typeof WebSocket === 'undefined') return;
    let lastEventId: string | null = null;
    const socket = new ReconnectingWebSocket(() => resumeUrl(url, lastEventId), [], {
      maxReconnectionDelay: maxBackoffMs,
      reconnectionDelayGrowFactor: 2,
    });
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    const message = (event: MessageEvent) => {
      let frame: E | null = null;
      try {
        const data: unknown = JSON.parse(String(event.data));
        const id = (data as { eventId?: unknown } | null)?.eventId;
        if (typeof id === 'string') lastEventId = id;
        frame = handler.current.parse(data);
      } catch {
        // A frame that is not ours is ignored.
      }
      if (frame !== null) handler.current.onEvent(frame);
    };
    socket.addEventListener('open', up);
    socket.addEventListener('close', down);
    socket.addEventListener('message', message);
    return () => {
      socket.removeEventListener('open', up);
      socket.removeEventListener('close', down);
      socket.removeEventListener('message', message);
      socket.close(1000);
      setOnline(false);
    };
  }, [url]);
  return online;
}
