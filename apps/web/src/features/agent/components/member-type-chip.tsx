import { useTranslation } from 'react-i18next';

/** Whether a team member is an agent (who can have a team of their own) or a plain member. */
export function MemberTypeChip({ isAgent }: { isAgent: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`status-chip ${isAgent ? 'is-pending' : 'is-neutral'}`}>
      {isAgent ? t('agent.type.agent') : t('agent.type.member')}
    </span>
  );
}
