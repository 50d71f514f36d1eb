import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  operatorRolePermissions,
  operatorRoles,
  type OpsOperatorEnrolment,
  type OpsOperatorRow,
} from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { Badge, DateTime } from '../../components/display';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { fetchAllPages } from '../../lib/api-client';
import { activeFilters, useUrlFilters } from '../../lib/url-filters';
import {
  createOperator,
  listOperators,
  resetSecondFactor,
  setOperatorStatus,
  updateOperator,
  type OperatorFilters,
} from './api';
import { EnrolmentDialog } from './enrolment-dialog';
import { OperatorFormDialog } from './operator-form-dialog';

const emptyFilters: OperatorFilters = { q: '', role: '', merchant: '', status: '' };
type Pending = { row: OpsOperatorRow; kind: 'disable' | 'enable' | 'reset' } | null;

/** `/console/system/operators`: operator accounts, their roles, merchants and access. */
export default function OperatorsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { operator } = useOperator();
  const state = useUrlFilters(emptyFilters);
  const query = activeFilters(state.filters);
  const [form, setForm] = useState<{ editing: OpsOperatorRow | null } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [enrolment, setEnrolment] = useState<OpsOperatorEnrolment | null>(null);

  const list = useQuery({
    queryKey: ['ops', 'operators', query, state.page, state.pageSize],
    queryFn: ({ signal }) => listOperators(query, state.page, state.pageSize, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['ops', 'operators'] });

  // Roles within the current operator's own reach (the server refuses any other).
  const own = operator ? operatorRolePermissions[operator.role] : [];
  const roles = operatorRoles.filter((r) =>
    operatorRolePermissions[r].every((a) => own.includes(a)),
  );

  const fields: FilterField[] = [
    { name: 'q', label: t('operators.username') },
    {
      name: 'role',
      label: t('operators.role'),
      type: 'select',
      options: operatorRoles.map((r) => ({ value: r, label: t(`operators.roles.${r}`) })),
    },
    { name: 'merchant', label: t('operators.merchant') },
    {
      name: 'status',
      label: t('operators.status'),
      type: 'select',
      options: [
        { value: 'active', label: t('operators.statuses.active') },
        { value: 'disabled', label: t('operators.statuses.disabled') },
      ],
    },
  ];

  const columns = useMemo<ColumnDef<OpsOperatorRow, never>[]>(
    () => [
      {
        id: 'username',
        header: t('operators.username'),
        cell: ({ row }) => <strong>{row.original.username}</strong>,
      },
      {
        id: 'role',
        header: t('operators.role'),
        cell: ({ row }) => t(`operators.roles.${row.original.role}`),
      },
      {
        id: 'merchants',
        header: t('operators.merchants'),
        cell: ({ row }) => row.original.merchants?.join(', ') ?? t('operators.allMerchants'),
      },
      {
        id: 'status',
        header: t('operators.status'),
        cell: ({ row }) => (
          <>
            <Badge tone={row.original.status === 'active' ? 'good' : 'bad'}>
              {t(`operators.statuses.${row.original.status}`)}
            </Badge>{' '}
            {!row.original.enrolled && <Badge tone="warn">{t('operators.pending')}</Badge>}
          </>
        ),
      },
      {
        id: 'ip',
        header: t('operators.ipAllowList'),
        cell: ({ row }) => (
          <span className="cell-clip">
            {row.original.ipAllowList.length
              ? row.original.ipAllowList.join(', ')
              : t('operators.anywhere')}
          </span>
        ),
      },
      {
        id: 'lastLoginAt',
        header: t('operators.lastLoginAt'),
        cell: ({ row }) => <DateTime iso={row.original.lastLoginAt} />,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('common.actions')}</span>,
        meta: { className: 'cell-actions' },
        cell: ({ row }) => {
          const self = row.original.id === operator?.id;
          return (
            <Can action="operators.write">
              <span className="nowrap">
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => setForm({ editing: row.original })}
                >
                  {t('operators.edit')}
                </button>{' '}
                {!self && (
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() =>
                      setPending({
                        row: row.original,
                        kind: row.original.status === 'active' ? 'disable' : 'enable',
                      })
                    }
                  >
                    {row.original.status === 'active'
                      ? t('operators.disable')
                      : t('operators.enable')}
                  </button>
                )}{' '}
                {!self && (
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => setPending({ row: row.original, kind: 'reset' })}
                  >
                    {t('operators.reset')}
                  </button>
                )}
              </span>
            </Can>
          );
        },
      },
    ],
    [t, operator?.id],
  );

  return (
    <div className="page">
      <PageHeader
        title={t('operators.title')}
        description={t('operators.description')}
        actions={
          <Can action="operators.write">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setForm({ editing: null })}
            >
              {t('operators.create')}
            </button>
          </Can>
        }
      />
      <FilterBar
        fields={fields}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<OperatorFilters>)}
        onReset={state.reset}
      />
      <DataTable
        label={t('operators.title')}
        testId="operators-table"
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        paging={state}
        emptyText={t('operators.empty')}
        csv={{
          filename: 'operators.csv',
          fetchAll: () => fetchAllPages((page, size) => listOperators(query, page, size)),
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'username', value: (r) => r.username },
            { header: 'role', value: (r) => r.role },
            { header: 'merchants', value: (r) => r.merchants?.join(' ') ?? 'all' },
            { header: 'status', value: (r) => r.status },
            { header: 'enrolled', value: (r) => String(r.enrolled) },
            { header: 'ipAllowList', value: (r) => r.ipAllowList.join(' ') },
            { header: 'createdAt', value: (r) => r.createdAt },
            { header: 'lastLoginAt', value: (r) => r.lastLoginAt },
          ],
        }}
      />
      {form && (
        <OperatorFormDialog
          key={form.editing?.id ?? 'new'}
          open
          onOpenChange={(open) => !open && setForm(null)}
          editing={form.editing}
          roles={roles}
          onSubmit={async ({ username, ...input }) => {
            if (form.editing) await updateOperator(form.editing.id, input);
            else setEnrolment(await createOperator({ username, ...input }));
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={
          pending
            ? t(`operators.confirm.${pending.kind}Title`, { username: pending.row.username })
            : ''
        }
        description={pending ? t(`operators.confirm.${pending.kind}Text`) : ''}
        confirmLabel={pending ? t(`operators.${pending.kind}`) : ''}
        tone={pending?.kind === 'enable' ? 'primary' : 'danger'}
        reason={{ minLength: 10 }}
        onConfirm={async (reason) => {
          if (!pending) return;
          if (pending.kind === 'reset')
            setEnrolment(await resetSecondFactor(pending.row.id, reason));
          else await setOperatorStatus(pending.row.id, pending.kind === 'enable', reason);
          await refresh();
        }}
      />
      <EnrolmentDialog enrolment={enrolment} onClose={() => setEnrolment(null)} />
    </div>
  );
}
