import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../../lib/member-info';

/**
 * The name the agent centre greets the account by: its nickname, else its account name. Null
 * while the details load; "My account" when they could not be loaded.
 */
export function useNickname(): string | null {
  const { t } = useTranslation();
  const member = useMemberInfo();
  const info = member.data;
  if (info) return info.nickname?.trim() || info.account;
  return member.isError ? t('account.my_account') : null;
}
