import { useRef } from 'react';
import { ApiError } from './api-client';

/**
 * The client's idempotency key for a money call (STYLE: the caller supplies it and reuses it on
 * every retry), a v4 UUID.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not. Same v4 layout.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}

/**
 * Whether a failed call may still have gone through (no answer, or a 5xx): then trying again
 * must reuse the id. After a definite refusal (4xx) the next try is a new request.
 */
export function outcomeUnknown(error: unknown): boolean {
  return (
    !(error instanceof ApiError) ||
    error.status === 0 ||
    error.status >= 500 ||
    // The first try under this key is still running on the server: its outcome is unknown yet.
    error.errorCode === 'request_replayed'
  );
}

/**
 * Automatic retries of a money command (a mutation): only while the outcome is unknown, and
 * always under the same idempotency key, so the server answers a repeat with its first answer.
 */
export function retryUnknownOutcome(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && outcomeUnknown(error);
}

/**
 * One request id per submitted form. `take(content)` returns the held id while the same content
 * is sent again after an unknown outcome, and a fresh one otherwise; `settle` says how the call
 * ended.
 */
export function useRequestId() {
  const held = useRef<{ content: string; id: string } | null>(null);
  return {
    take(content: string): string {
      if (held.current?.content !== content) held.current = { content, id: newRequestId() };
      return held.current.id;
    },
    settle(error: unknown = null): void {
      if (error === null || !outcomeUnknown(error)) held.current = null;
    },
  };
}
