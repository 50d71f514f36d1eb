import { useMediaQuery } from './use-media-query';

/**
 * Whether the screen is phone width (where the side menu becomes a drawer); follows rotation and
 * resizing. Without matchMedia, the wide layout: the reading that hides nothing.
 */
export function usePhoneWidth(): boolean {
  return useMediaQuery('(max-width: 768px)', false);
}
