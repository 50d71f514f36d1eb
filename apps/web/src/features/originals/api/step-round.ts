import {
  originalActiveSchema,
  originalStepRoundSchema,
  type OriginalAction,
  type OriginalStepRound,
  type StepGame,
} from '@taya/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';
import { originalsApi } from './paths';

/**
 * One move of an open round (a tile, a cash-out, a draw). The request id goes with every try,
 * so a move repeated after a lost answer is answered once.
 */
export function actOnRound(
  game: StepGame,
  roundId: string,
  input: { requestId: string; action: OriginalAction; demoSession: string | null },
): Promise<OriginalStepRound> {
  const body = {
    requestId: input.requestId,
    action: input.action,
    ...(input.demoSession ? { session: input.demoSession } : {}),
  };
  const path = input.demoSession
    ? originalsApi.demoActions(game, roundId)
    : originalsApi.actions(game, roundId);
  return apiPost(path, {
    body,
    idempotencyKey: input.requestId,
    schema: import.meta.env.DEV && originalStepRoundSchema,
  }) as Promise<OriginalStepRound>;
}

/** The player's open round of the game (real, or the demo session's), or null. */
export async function getActiveRound(
  game: StepGame,
  demoSession: string | null,
): Promise<OriginalStepRound | null> {
  const path = demoSession ? originalsApi.demoActive(game, demoSession) : originalsApi.active(game);
  const answer = (await apiGet(path, {
    schema: import.meta.env.DEV && originalActiveSchema,
  })) as { round: OriginalStepRound | null };
  return answer.round;
}
