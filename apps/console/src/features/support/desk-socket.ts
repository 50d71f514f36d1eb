import { useEffect, useRef, useState } from 'react';
import { supportWsEventSchema, type SupportWsEvent } from '@taya/contracts';
import { fetchSocketTicket } from './api';

export type DeskSocketState = 'connecting' | 'live' | 'offline';

const retryMs = [1_000, 3_000, 10_000];

export function deskSocketUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  merchant: string,
  ticket: string,
) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ merchantCode: merchant, ticket });
  return `${scheme}://${location.host}/ws/ops/support?${query.toString()}`;
}

/** A frame the desk understands, or null (checked against the contract in development). */
export function asDeskEvent(frame: unknown): SupportWsEvent | null {
  if (import.meta.env.DEV) {
    const parsed = supportWsEventSchema.safeParse(frame);
    return parsed.success ? parsed.data : null;
  }
  const f = frame as Partial<SupportWsEvent> | null;
  return f &&
    (f.type === 'message' || f.type === 'closed' || f.type === 'assigned') &&
    typeof f.chatId === 'string'
    ? (f as SupportWsEvent)
    : null;
}

/**
 * The desk's live feed: every message and closing in the merchant's chats. Each (re)connect
 * trades the session for a single-use ticket first; a dropped socket reconnects with backoff.
 */
export function useDeskSocket(
  merchantCode: string | null,
  onEvent: (event: SupportWsEvent) => void,
): DeskSocketState {
  const [state, setState] = useState<DeskSocketState>('connecting');
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  useEffect(() => {
    if (!merchantCode) return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let stopped = false;

    const retry = () => {
      if (stopped) return;
      setState('offline');
      timer = setTimeout(connect, retryMs[Math.min(attempt++, retryMs.length - 1)]);
    };

    async function connect() {
      if (stopped) return;
      setState('connecting');
      let ticket: string;
      try {
        ticket = (await fetchSocketTicket()).ticket;
      } catch {
        return retry();
      }
      if (stopped) return;
      socket = new WebSocket(deskSocketUrl(window.location, merchantCode!, ticket));
      socket.onopen = () => {
        attempt = 0;
        setState('live');
      };
      socket.onmessage = (message) => {
        try {
          const event = asDeskEvent(JSON.parse(String(message.data)));
          if (event) handler.current(event);
        } catch {
          // Not JSON: nothing the desk can use.
        }
      };
      socket.onclose = () => {
        socket = null;
        retry();
      };
    }

    void connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (socket) {
        socket.onclose = null;
        socket.close();
      }
    };
  }, [merchantCode]);

  return merchantCode ? state : 'offline';
}
