import { useQuery } from '@tanstack/react-query';
import { loginValueSchema, type LoginValue } from '@taya/contracts';
import { apiPost, type Parser } from './api-client';
import { fail, isRecord } from './parsers';
import { useSessionToken } from './session';

export const signInTicketPath = '/wps/session/ticket';
export const ticketExchangePath = '/wps/session/ticket/exchange';

/** The query parameter the app download link carries the ticket in. */
export const ticketQueryParam = 'ticket';

export interface SignInTicket {
  ticket: string;
  expiresInSeconds: number;
}

const ticketParser: Parser<SignInTicket> = {
  parse(input) {
    if (!isRecord(input)) fail('{ticket, expiresInSeconds}');
    const { ticket, expiresInSeconds } = input;
    return typeof ticket === 'string' && typeof expiresInSeconds === 'number'
      ? { ticket, expiresInSeconds }
      : fail('{ticket, expiresInSeconds}');
  },
};

/**
 * A one-time sign-in ticket for the app download QR code (never the session token): it signs
 * one other device in, within minutes. A fresh one is asked for before the last one ends.
 */
export function useSignInTicket(enabled: boolean) {
  // Per session: a ticket of an earlier session is never shown for this one.
  const token = useSessionToken();
  return useQuery({
    queryKey: ['sign-in-ticket', token],
    queryFn: () => apiPost(signInTicketPath, { schema: ticketParser }),
    enabled,
    // Four minutes of a five-minute ticket: the code shown is always one that still works.
    staleTime: 4 * 60_000,
    refetchInterval: 4 * 60_000,
    gcTime: 0,
  });
}

/** Exchanges a ticket from the address for a session of this device. */
export function exchangeTicket(ticket: string): Promise<LoginValue> {
  return apiPost(ticketExchangePath, {
    body: { ticket },
    schema: import.meta.env.DEV && loginValueSchema,
  });
}
