import { useCurrentLanguage } from '../../../lib/i18n';
import { trialCustomerType, useCustomerType, useSessionToken } from '../../../lib/session';

/**
 * Who asks about envelopes and in which language; `enabled` only for a logged-in member or agent
 * (visitors and trial players cannot open envelopes, so for them nothing is asked).
 */
export function useEnvelopeAsker() {
  const token = useSessionToken();
  const customerType = useCustomerType();
  const language = useCurrentLanguage();
  const enabled = token !== null && customerType !== null && customerType !== trialCustomerType;
  return { token, language, enabled };
}
