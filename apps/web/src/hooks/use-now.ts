import { useEffect, useState } from 'react';

/**
 * The current time, read again every `intervalMs` (one second unless told) while the component
 * is mounted. Each tick reads the clock, so a background tab's slowed timer never drifts it.
 */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
