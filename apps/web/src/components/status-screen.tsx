import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title';
import { Icon, type IconName } from './icon';

/** A full-page notice (maintenance, blocked, errors): one icon, one heading, what to do next. */
export function StatusScreen({
  icon,
  title,
  children,
  testId,
}: {
  icon: IconName;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  useDocumentTitle(title);
  return (
    <main className="status-screen" data-testid={testId}>
      <div className="status-card">
        <span className="status-icon">
          <Icon name={icon} size={40} />
        </span>
        <p className="status-brand">Taya</p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
