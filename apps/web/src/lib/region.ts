import type { LanguageCode } from '@taya/contracts';
import { changeLanguage } from './i18n';
import { paths } from './paths';
import { clearSession, getMerchantCode, setMerchantCode } from './session';

/**
 * SPEC §4, region change: set the language, remember the merchant, and when the merchant really
 * changed, drop the session (it belongs to the other merchant) and start again from home.
 * `activeMerchantCode` is the merchant the server is serving now (the domain's default when
 * nothing is stored), so a first choice of the same region does not reload.
 */
export async function changeRegion(
  merchantCode: string,
  language: LanguageCode,
  activeMerchantCode: string,
): Promise<void> {
  await changeLanguage(language);
  const previous = getMerchantCode() ?? activeMerchantCode;
  setMerchantCode(merchantCode);
  if (previous !== merchantCode) {
    clearSession();
    window.location.assign(paths.home.href());
  }
}
