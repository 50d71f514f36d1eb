import { useCallback, useEffect, useRef, useState } from 'react';
import {
  afterBet,
  startRun,
  type AutoBetConfig,
  type AutoBetRun,
  type StopReason,
} from './auto-bet';

export interface AutoBetState {
  running: boolean;
  run: AutoBetRun | null;
  stopped: StopReason | null;
}

/**
 * Runs auto-bet: one bet at a time through `bet` (which resolves once the round is shown), the
 * next stake and the stop rules from `afterBet`. Any error stops it, and so does the page being
 * hidden (another tab, the phone locked) or the player.
 */
export function useAutoBet(
  bet: (stake: bigint) => Promise<{ stake: bigint; payout: bigint }>,
  limits: { min: bigint; max: bigint },
) {
  const [state, setState] = useState<AutoBetState>({ running: false, run: null, stopped: null });
  const stopWith = useRef<StopReason | null>(null);
  const active = useRef(false);

  const stop = useCallback((reason: StopReason = 'player') => {
    if (active.current) stopWith.current ??= reason;
  }, []);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') stop('hidden');
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      stop('player');
    };
  }, [stop]);

  const start = useCallback(
    async (base: bigint, config: AutoBetConfig) => {
      if (active.current) return;
      active.current = true;
      stopWith.current = null;
      let run = startRun(base);
      setState({ running: true, run, stopped: null });
      let reason: StopReason | null = null;
      while (reason === null) {
        try {
          const settled = await bet(run.stake);
          const next = afterBet(run, settled, config, limits);
          run = next.run;
          reason = next.stop ?? stopWith.current;
        } catch {
          reason = 'error';
        }
        setState({ running: reason === null, run, stopped: reason });
      }
      active.current = false;
    },
    [bet, limits],
  );

  return { ...state, start, stop };
}
