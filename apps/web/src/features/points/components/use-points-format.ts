import { formatPoints } from '../lib/points';

/**
 * Formats points for the screen: grouped like the site's amounts, in the same digits in every
 * language, so points and money read alike.
 */
export function usePointsFormat(): (points: number) => string {
  return formatPoints;
}
