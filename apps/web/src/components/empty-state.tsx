import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';

/** An honest empty list: a sentence, and where to go instead. */
export function EmptyState({
  icon,
  title,
  body,
  action,
  testId,
}: {
  icon: IconName;
  title: string;
  body?: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="empty-state" data-testid={testId}>
      <span className="empty-state-icon">
        <Icon name={icon} size={28} />
      </span>
      <p className="empty-state-title">{title}</p>
      {body ? <p className="empty-state-body">{body}</p> : null}
      {action}
    </div>
  );
}
