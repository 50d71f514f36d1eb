import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `target` (an ISO time on the server's clock), ticking every second.
 * `serverTime` and `receivedAt` (this device's clock when the answer arrived) correct for a
 * device clock that is off. Null without a target.
 */
export function useCountdown(
  target: string | null,
  serverTime: string | null,
  receivedAt: number | null,
): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (target === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [target]);
  if (target === null) return null;
  const skew = serverTime !== null && receivedAt !== null ? Date.parse(serverTime) - receivedAt : 0;
  const left = Date.parse(target) - (now + skew);
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** 75 → "01:15", 3725 → "1:02:05". */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
