import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OriginalAction, OriginalBet, OriginalStepRound, StepGame } from '@taya/contracts';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { newRequestId, outcomeUnknown } from '../../../lib/request-id';
import { actOnRound, getActiveRound } from '../api/step-round';

const wait = (ms: number) => new Promise<void>((done) => window.setTimeout(done, ms));

interface Live {
  roundId: string;
  session: string | null;
  resolve: (round: OriginalBet) => void;
  reject: (error: unknown) => void;
}

/**
 * The open round of a game played in steps, for its page: `follow` and `resume` are the shell's
 * step hooks; `act` sends a move and, once a move ends the round, lets the end show for `endMs`
 * before the shell settles it.
 */
export function useStepRound(game: StepGame, endMs: number) {
  const { t } = useTranslation();
  const [round, setRound] = useState<OriginalStepRound | null>(null);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const live = useRef<Live | null>(null);

  const follow = useCallback(
    (bet: OriginalBet, session: string | null) =>
      new Promise<OriginalBet>((resolve, reject) => {
        const opened = bet as OriginalStepRound;
        setRound(opened);
        setProblem(null);
        if (opened.status !== 'open') resolve(bet);
        else live.current = { roundId: bet.roundId, session, resolve, reject };
      }),
    [],
  );

  const resume = useCallback((session: string | null) => getActiveRound(game, session), [game]);

  const act = useCallback(
    async (action: OriginalAction): Promise<OriginalStepRound | null> => {
      const current = live.current;
      if (!current || pending) return null;
      setPending(true);
      setProblem(null);
      const requestId = newRequestId();
      try {
        let next: OriginalStepRound | null = null;
        for (let attempt = 0; next === null; attempt++) {
          try {
            next = await actOnRound(game, current.roundId, {
              requestId,
              action,
              demoSession: current.session,
            });
          } catch (error) {
            // A lost answer: the same request id again, so the move counts once.
            if (attempt >= 2 || !outcomeUnknown(error)) throw error;
          }
        }
        setRound(next);
        if (next.status === 'settled') {
          live.current = null;
          if (endMs > 0) await wait(endMs);
          current.resolve(next);
        }
        return next;
      } catch (error) {
        // The round is over elsewhere (another tab, recovery): the page leaves it.
        if (error instanceof ApiError && error.status === 409) {
          live.current = null;
          current.reject(error);
        } else setProblem(errorText(t, error));
        return null;
      } finally {
        setPending(false);
      }
    },
    [game, pending, endMs, t],
  );

  return { round, pending, problem, follow, resume, act };
}
