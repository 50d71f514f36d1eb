import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { operatorSessionList, type OperatorSessionRow } from '@taya/contracts';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { Badge, DateTime } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { get, post } from '../../lib/api-client';
import { clearToken } from '../../lib/session';

const sessionsKey = ['ops', 'sessions'] as const;

/** `/console/sessions`: the operator's own sessions (and, for a manager, its team's), revocable. */
export default function SessionsPage() {
  const { t } = useTranslation();
  const { may, operator } = useOperator();
  // Ending one's own session is `session.write`; another operator's needs `operators.write`.
  const mayRevoke = (row: OperatorSessionRow) =>
    may(row.operatorId === operator?.id ? 'session.write' : 'operators.write');
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<OperatorSessionRow | null>(null);
  const list = useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) =>
      get<OperatorSessionRow[]>('/ops/sessions', {
        schema: import.meta.env.DEV && operatorSessionList,
        signal,
      }),
  });

  const columns = useMemo<ColumnDef<OperatorSessionRow, never>[]>(
    () => [
      {
        id: 'username',
        header: t('sessions.operator'),
        cell: ({ row }) => (
          <span className="nowrap">
            {row.original.username}{' '}
            {row.original.current && <Badge tone="good">{t('sessions.current')}</Badge>}
          </span>
        ),
      },
      { id: 'ip', header: t('sessions.ip'), cell: ({ row }) => row.original.ip ?? '—' },
      {
        id: 'device',
        header: t('sessions.device'),
        cell: ({ row }) => <span className="cell-clip">{row.original.device ?? '—'}</span>,
      },
      {
        id: 'created',
        header: t('sessions.created'),
        cell: ({ row }) => <DateTime iso={row.original.createdAt} />,
      },
      {
        id: 'lastSeen',
        header: t('sessions.lastSeen'),
        cell: ({ row }) => <DateTime iso={row.original.lastSeenAt} />,
      },
      ...(may('session.write')
        ? [
            {
              id: 'actions',
              header: () => <span className="sr-only">{t('common.actions')}</span>,
              cell: ({ row }) =>
                mayRevoke(row.original) ? (
                  <button
                    type="button"
                    className="btn btn-small btn-danger-ghost"
                    onClick={() => setRevoking(row.original)}
                  >
                    {row.original.current ? t('layout.logOut') : t('sessions.revoke')}
                  </button>
                ) : null,
              meta: { className: 'cell-actions' },
            } satisfies ColumnDef<OperatorSessionRow, never>,
          ]
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mayRevoke derives from may and operator
    [t, may, operator],
  );

  return (
    <div className="page">
      <PageHeader title={t('sessions.title')} description={t('sessions.description')} />
      <DataTable
        label={t('sessions.title')}
        testId="sessions-table"
        columns={columns}
        rows={list.data}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        emptyText={t('sessions.empty')}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('sessions.revokeTitle')}
        description={
          revoking?.current
            ? t('sessions.revokeCurrent')
            : t('sessions.revokeText', { username: revoking?.username ?? '' })
        }
        confirmLabel={t('sessions.revoke')}
        tone="danger"
        onConfirm={async () => {
          if (!revoking) return;
          await post(`/ops/sessions/${revoking.id}/revoke`);
          if (revoking.current) clearToken('logged_out');
          else await queryClient.invalidateQueries({ queryKey: sessionsKey });
        }}
      />
    </div>
  );
}
