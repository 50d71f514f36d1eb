import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { OperatorAction } from '@taya/contracts';
import { useOperator } from './operator-context';
import { LoadingState } from '../components/states';
import { ForbiddenPage } from './forbidden-page';

/**
 * Shows `children` only when the operator's role may take `action`; else `fallback` (nothing by
 * default). Every write control sits in one: a role that cannot act does not see the button.
 */
export function Can({
  action,
  children,
  fallback = null,
}: {
  action: OperatorAction;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const { may } = useOperator();
  return <>{may(action) ? children : fallback}</>;
}

/** Route guard: the log-in page for no session, a refusal for a role without `action`. */
export function RequireOperator({
  action,
  children,
}: {
  action?: OperatorAction;
  children: ReactNode;
}) {
  const { operator, loading, may } = useOperator();
  const location = useLocation();
  if (loading) return <LoadingState />;
  if (!operator) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (action && !may(action)) return <ForbiddenPage />;
  return <>{children}</>;
}
