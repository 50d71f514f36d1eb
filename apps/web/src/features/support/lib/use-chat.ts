import { useCallback, useEffect, useRef, useState } from 'react';
import {
  chatPolicyViolation,
  type ChatMessage,
  type ChatRole,
  type ChatServerFrame,
} from '@taya/contracts';
import { ApiError } from '../../../lib/api-client';
import { chatSocketUrl, getChatHistory, postChatMessage, type ChatAccess } from '../api/chat-api';

/** Where the chat's connection stands. */
export type ChatConnection = 'connecting' | 'online' | 'offline' | 'closed' | 'refused';

/** A message on screen: stored (with its number), or the player's own still on its way. */
export interface ChatEntry {
  /** Stable list key: the client id of the player's own messages, else the stored id. */
  key: string;
  id: string | null;
  clientId: string | null;
  seq: number | null;
  role: ChatRole;
  body: string;
  createdAt: string;
  state: 'sent' | 'sending' | 'failed';
}

/** Longest wait between reconnection attempts. */
const maxBackoffMs = 30_000;
/** Catch-up pages read in one go after a reconnect. */
const maxCatchUpPages = 20;

function newClientId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function fromMessage(message: ChatMessage, clientId: string | null = null): ChatEntry {
  return {
    key: clientId ?? message.id,
    id: message.id,
    clientId,
    seq: message.seq,
    role: message.role,
    body: message.body,
    createdAt: message.createdAt,
    state: 'sent',
  };
}

/** Stored messages by number, then the player's own still on their way, in the order written. */
function ordered(entries: ChatEntry[]): ChatEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => {
      const sa = a.entry.seq ?? Number.MAX_SAFE_INTEGER;
      const sb = b.entry.seq ?? Number.MAX_SAFE_INTEGER;
      return sa - sb || a.index - b.index;
    })
    .map(({ entry }) => entry);
}

/** Adds stored messages not yet shown; an ack's message takes its optimistic copy's place. */
export function mergeMessages(
  entries: ChatEntry[],
  messages: readonly ChatMessage[],
  clientId: string | null = null,
): ChatEntry[] {
  let next = entries;
  for (const message of messages) {
    if (next.some((entry) => entry.id === message.id)) {
      if (clientId) next = next.filter((entry) => entry.clientId !== clientId || entry.id !== null);
      continue;
    }
    const pending = clientId ? next.findIndex((entry) => entry.clientId === clientId) : -1;
    const stored = fromMessage(message, pending >= 0 ? clientId : null);
    next =
      pending >= 0 ? next.map((entry, i) => (i === pending ? stored : entry)) : [...next, stored];
  }
  return next === entries ? entries : ordered(next);
}

/**
 * One chat: its messages over a WebSocket, with the history on connect, optimistic sending
 * reconciled by the server's ack, reconnection with back-off, and catching up over HTTP
 * (`afterSeq`) after a reconnect or while the socket is down. One hook per chat: give its
 * component a `key` of the chat so another chat starts from a clean slate.
 */
export function useChat(access: ChatAccess, ownRole: ChatRole) {
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [connection, setConnection] = useState<ChatConnection>('connecting');
  const [loaded, setLoaded] = useState(false);
  const socketRef = useRef<WebSocket | null>(null);
  const lastSeqRef = useRef(0);
  const closedRef = useRef(false);

  const merge = useCallback((messages: readonly ChatMessage[], clientId: string | null = null) => {
    for (const message of messages) {
      if (message.seq > lastSeqRef.current) lastSeqRef.current = message.seq;
    }
    setEntries((previous) => mergeMessages(previous, messages, clientId));
  }, []);

  const markFailed = useCallback((clientId: string) => {
    setEntries((previous) =>
      previous.map((entry) =>
        entry.clientId === clientId && entry.id === null ? { ...entry, state: 'failed' } : entry,
      ),
    );
  }, []);

  const endChat = useCallback(() => {
    closedRef.current = true;
    setConnection('closed');
  }, []);

  useEffect(() => {
    let stopped = false;
    let attempt = 0;
    let opened = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    /** Reads what the socket may have missed: the newest page first, then after the last seen. */
    const catchUp = async () => {
      if (lastSeqRef.current === 0) {
        const page = await getChatHistory(access);
        if (stopped) return;
        merge(page.messages);
        setLoaded(true);
        if (page.status === 'closed') endChat();
        return;
      }
      for (let i = 0; i < maxCatchUpPages; i++) {
        const page = await getChatHistory(access, lastSeqRef.current);
        if (stopped) return;
        merge(page.messages);
        if (page.status === 'closed') endChat();
        if (!page.hasMore || page.messages.length === 0) return;
      }
    };
    const quietCatchUp = () => {
      catchUp().catch((error: unknown) => {
        if (!stopped && error instanceof ApiError && error.errorCode === 'not_found') {
          setConnection('refused');
        }
      });
    };

    const onFrame = (frame: ChatServerFrame) => {
      switch (frame.type) {
        case 'history':
          merge(frame.messages);
          setLoaded(true);
          setConnection('online');
          attempt = 0;
          // More than a page may have arrived while away: fill the gap over HTTP.
          if (opened) quietCatchUp();
          opened = true;
          return;
        case 'message':
          merge([frame.message]);
          return;
        case 'ack':
          merge([frame.message], frame.clientId);
          return;
        case 'error':
          if (frame.clientId) markFailed(frame.clientId);
          return;
        case 'closed':
          endChat();
          return;
      }
    };

    const connect = () => {
      timer = undefined;
      if (stopped || closedRef.current) return;
      setConnection('connecting');
      const socket = new WebSocket(chatSocketUrl(access));
      socketRef.current = socket;
      socket.addEventListener('message', (event: MessageEvent) => {
        try {
          onFrame(JSON.parse(String(event.data)) as ChatServerFrame);
        } catch {
          // A frame that is not ours is ignored.
        }
      });
      socket.addEventListener('close', (event: CloseEvent) => {
        if (socketRef.current === socket) socketRef.current = null;
        if (stopped) return;
        // Whatever was on its way when the line dropped may not have arrived.
        setEntries((previous) =>
          previous.map((entry) =>
            entry.state === 'sending' ? { ...entry, state: 'failed' } : entry,
          ),
        );
        if (event.code === chatPolicyViolation) {
          if (event.reason === 'chat_closed') {
            endChat();
            quietCatchUp();
          } else {
            setConnection('refused');
          }
          return;
        }
        setConnection('offline');
        quietCatchUp();
        const delay = Math.min(maxBackoffMs, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
        attempt += 1;
        timer = setTimeout(connect, delay);
      });
    };

    connect();
    // The browser says the network is back: try at once instead of waiting out the back-off.
    const onOnline = () => {
      if (timer !== undefined) {
        clearTimeout(timer);
        connect();
      }
    };
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      const socket = socketRef.current;
      socketRef.current = null;
      socket?.close(1000);
    };
  }, [access, merge, markFailed, endChat]);

  const deliver = useCallback(
    (clientId: string, body: string) => {
      const socket = socketRef.current;
      if (socket && socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({ type: 'message', body, clientId }));
        return;
      }
      postChatMessage(access, body).then(
        (message) => merge([message], clientId),
        (error: unknown) => {
          markFailed(clientId);
          if (error instanceof ApiError && error.errorCode === 'chat_closed') endChat();
        },
      );
    },
    [access, merge, markFailed, endChat],
  );

  const send = useCallback(
    (text: string) => {
      const body = text.trim();
      if (!body || closedRef.current) return;
      const clientId = newClientId();
      setEntries((previous) => [
        ...previous,
        {
          key: clientId,
          id: null,
          clientId,
          seq: null,
          role: ownRole,
          body,
          createdAt: new Date().toISOString(),
          state: 'sending',
        },
      ]);
      deliver(clientId, body);
    },
    [deliver, ownRole],
  );

  const retry = useCallback(
    (failed: ChatEntry) => {
      if (failed.state !== 'failed' || !failed.clientId || closedRef.current) return;
      const clientId = failed.clientId;
      setEntries((previous) =>
        previous.map((entry) =>
          entry.clientId === clientId && entry.id === null ? { ...entry, state: 'sending' } : entry,
        ),
      );
      deliver(clientId, failed.body);
    },
    [deliver],
  );

  return { entries, connection, loaded, send, retry };
}
