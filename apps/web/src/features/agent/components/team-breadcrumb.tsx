import { useTranslation } from 'react-i18next';

/** A step down the team tree: the member whose direct subordinates are shown. */
export interface Crumb {
  id: string;
  username: string;
}

/** The way down from my team to the line shown: every step but the last goes back to it. */
export function TeamBreadcrumb({
  trail,
  onGo,
  testId,
}: {
  trail: Crumb[];
  onGo: (trail: Crumb[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const items = [{ id: null, username: t('agent.downline.my_team') }, ...trail];
  return (
    <nav aria-label={t('agent.downline.path')} data-testid={testId}>
      <ol className="agent-breadcrumb">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.id ?? 'me'}>
              {last ? (
                <span aria-current="page">{item.username}</span>
              ) : (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => onGo(trail.slice(0, index))}
                >
                  {item.username}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
