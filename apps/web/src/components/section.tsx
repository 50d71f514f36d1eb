import { useId, type ReactNode } from 'react';

/**
 * A titled card: the member centre's tabs and the agent centre's pages. `block` is the stylesheet
 * block that styles it (`cashier-section` or `agent-section`): the card takes the block's class and
 * its head `<block>-head`.
 */
export function Section({
  block,
  title,
  children,
  action,
  testId,
}: {
  block: 'cashier-section' | 'agent-section';
  title: string;
  children: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  const titleId = useId();
  return (
    <section className={`panel ${block}`} aria-labelledby={titleId} data-testid={testId}>
      <div className={`${block}-head`}>
        <h2 id={titleId}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}
