import { useMediaQuery } from './use-media-query';

/** Whether the person asked for less motion; without matchMedia nothing moves (the safe reading). */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)', true);
}
