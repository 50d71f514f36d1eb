import { toBcp47, currentLanguage } from '../../../lib/i18n';
import { formatCount as formatCountIn } from '../../../lib/money';

/**
 * A head count grouped like the money figures beside it, in the player's language: 1234 →
 * "1,234" ("၁,၂၃၄" in Burmese). Components re-render on a language change (useTranslation).
 */
export function formatCount(count: number): string {
  return formatCountIn(count, toBcp47(currentLanguage()));
}
