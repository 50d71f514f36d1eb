import { useTranslation } from 'react-i18next';
import { stateKeys, stateTones } from '../lib/states';
import type { ClaimState } from '../lib/types';

/** A promotion's SPEC §4 claim state as a coloured chip, in the member's language. */
export function StateBadge({ state }: { state: ClaimState }) {
  const { t } = useTranslation();
  return (
    <span className={`status-chip promo-state is-${stateTones[state]}`} data-state={state}>
      {t(`promotions.state.${stateKeys[state]}`)}
    </span>
  );
}

/** Why the member sees the state they see, as a sentence (nothing for a reason without one). */
export function useReasonText() {
  const { t, i18n } = useTranslation();
  return (reason: string): string | null => {
    const key = `promotions.reason.${reason}`;
    return i18n.exists(key) ? t(key as 'promotions.reason.ended') : null;
  };
}
