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

/** The head of a team member's row: its username (and nickname, if it has one) and its type. */
export function MemberRowMain({
  username,
  nickname,
  isAgent,
}: {
  username: string;
  nickname?: string | null;
  isAgent: boolean;
}) {
  return (
    <div className="record-main">
      <span className="record-type">
        {username}
        {nickname ? <span className="muted"> ({nickname})</span> : null}
      </span>
      <MemberTypeChip isAgent={isAgent} />
    </div>
  );
}
