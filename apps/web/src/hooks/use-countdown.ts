import { useCallback, useEffect, useState } from 'react';

/**
 * A per-second countdown towards an end time. Counting against the clock rather than ticks keeps
 * it right when a background tab slows the timer down.
 */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) setEndsAt(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((durationMs: number) => {
    const time = Date.now();
    setNow(time);
    setEndsAt(durationMs > 0 ? time + durationMs : null);
  }, []);

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, running: remaining > 0, start };
}
