import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  originalBetSchema,
  originalDemoSessionSchema,
  type OriginalBet,
  type OriginalGame,
} from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { walletBalanceKey } from '../../../lib/query-keys';
import { retryUnknownOutcome } from '../../../lib/request-id';
import { useSessionToken } from '../../../lib/session';
import { originalKeys } from '../lib/query-keys';
import { originalsApi } from './paths';

export interface BetInput {
  /** Made once per bet (`newRequestId`): a retry after a lost answer reuses it. */
  requestId: string;
  amount: string;
  params: Record<string, unknown>;
  /** Play money: the demo session from `openDemo`; absent for a member's real bet. */
  demoSession?: string;
}

/**
 * One bet. Its request id goes with every try (the mutation retries only while the outcome is
 * unknown), so a bet is never placed twice.
 */
export function placeBet(game: OriginalGame, input: BetInput): Promise<OriginalBet> {
  const { requestId } = input;
  const body = {
    requestId,
    amount: input.amount,
    params: input.params,
    ...(input.demoSession ? { session: input.demoSession } : {}),
  };
  const path = input.demoSession ? originalsApi.demoBets(game) : originalsApi.bets(game);
  return apiPost(path, {
    body,
    idempotencyKey: requestId,
    schema: import.meta.env.DEV && originalBetSchema,
  }) as Promise<OriginalBet>;
}

/**
 * `holdRefresh`: a won or lost round leaves the header's balance and the history as they are (the
 * page refreshes them once the round is revealed); a failed bet still refreshes them.
 */
export function usePlaceBet(game: OriginalGame, holdRefresh = false) {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BetInput) => placeBet(game, input),
    retry: retryUnknownOutcome,
    onSettled: (_bet, error, input) => {
      if (input.demoSession) return;
      if (holdRefresh && !error) return;
      // A real bet moves the header's balance, the seed pair's nonce and the history.
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
      void queryClient.invalidateQueries({ queryKey: originalKeys.member(token) });
    },
  });
}

/** Play money for two hours, for anyone. */
export function useOpenDemo(game: OriginalGame) {
  return useMutation({
    mutationFn: () =>
      apiPost(originalsApi.demoSession(game), {
        body: {},
        schema: import.meta.env.DEV && originalDemoSessionSchema,
      }) as Promise<{ session: string; balance: string; currency: 'DEMO' }>,
  });
}
