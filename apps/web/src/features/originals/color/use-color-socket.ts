import { useEffect, useRef, useState } from 'react';
import type { ColorEvent } from '@taya/contracts';
import { colorApi } from './api';

const maxBackoffMs = 30_000;

/**
 * The Colour Game's live feed over the WebSocket (the state on connect, then phases, bets and
 * results), reconnecting with back-off; answers whether it is up.
 */
export function useColorSocket(onEvent: (event: ColorEvent) => void): boolean {
  const [online, setOnline] = useState(false);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    let stopped = false;
    let attempt = 0;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const connect = () => {
      timer = undefined;
      if (stopped) return;
      const current = new WebSocket(`${scheme}//${window.location.host}${colorApi.socket}`);
      socket = current;
      current.addEventListener('open', () => {
        attempt = 0;
        setOnline(true);
      });
      current.addEventListener('message', (event: MessageEvent) => {
        try {
          const data = JSON.parse(String(event.data)) as ColorEvent;
          if (data && typeof data.type === 'string') handler.current(data);
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
  }, []);
  return online;
}
