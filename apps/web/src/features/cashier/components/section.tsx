import { useId, type ReactNode } from 'react';

/** A titled card inside a member-centre tab. */
export function Section({
  title,
  children,
  action,
  testId,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  const titleId = useId();
  return (
    <section className="panel cashier-section" aria-labelledby={titleId} data-testid={testId}>
      <div className="cashier-section-head">
        <h2 id={titleId}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}
