import { useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@taya/contracts';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Badge, DateTime } from '../../components/display';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../components/states';
import { fetchAllPages } from '../../lib/api-client';
import { formatCount } from '../../lib/format';
import { activeFilters, useUrlFilters } from '../../lib/url-filters';
import { fetchAuditPage, verifyAuditChain, type AuditFilters } from './api';
import { AuditDetail } from './audit-detail';

const emptyFilters: AuditFilters = {
  actor: '',
  action: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
};

/** `/console/audit`: the operator audit log, filtered in the URL, with the chain's check. */
export default function AuditPage() {
  const { t } = useTranslation();
  const state = useUrlFilters(emptyFilters);
  const query = activeFilters(state.filters);
  const [selected, setSelected] = useState<AuditEntry | null>(null);

  const list = useQuery({
    queryKey: ['ops', 'audit', query, state.page, state.pageSize],
    queryFn: ({ signal }) => fetchAuditPage(query, state.page, state.pageSize, signal),
    placeholderData: keepPreviousData,
  });
  const verify = useMutation({ mutationFn: verifyAuditChain });

  const fields: FilterField[] = [
    { name: 'actor', label: t('audit.actor'), placeholder: t('audit.actorPlaceholder') },
    { name: 'action', label: t('audit.action'), placeholder: 'operators.login' },
    { name: 'targetType', label: t('audit.targetType') },
    { name: 'targetId', label: t('audit.targetId') },
    { name: 'from', label: t('audit.from'), type: 'datetime' },
    { name: 'to', label: t('audit.to'), type: 'datetime' },
  ];

  const columns = useMemo<ColumnDef<AuditEntry, never>[]>(
    () => [
      { id: 'seq', header: '#', cell: ({ row }) => row.original.seq, meta: { className: 'num' } },
      { id: 'at', header: t('audit.at'), cell: ({ row }) => <DateTime iso={row.original.at} /> },
      {
        id: 'actor',
        header: t('audit.actor'),
        cell: ({ row }) =>
          row.original.actorUsername ? (
            <span className="nowrap">
              {row.original.actorUsername}{' '}
              {row.original.actorRole && <span className="muted">({row.original.actorRole})</span>}
            </span>
          ) : (
            <Badge>{t('audit.system')}</Badge>
          ),
      },
      {
        id: 'action',
        header: t('audit.action'),
        cell: ({ row }) => <code>{row.original.action}</code>,
      },
      {
        id: 'target',
        header: t('audit.target'),
        cell: ({ row }) =>
          row.original.targetType ? (
            <span className="cell-clip">
              {row.original.targetType}
              {row.original.targetId && <span className="muted"> · {row.original.targetId}</span>}
            </span>
          ) : (
            <span className="muted">—</span>
          ),
      },
      {
        id: 'merchant',
        header: t('audit.merchant'),
        cell: ({ row }) => row.original.merchantCode ?? '—',
      },
      { id: 'address', header: t('audit.address'), cell: ({ row }) => row.original.address ?? '—' },
      {
        id: 'reason',
        header: t('audit.reason'),
        cell: ({ row }) => <span className="cell-clip">{row.original.reason ?? ''}</span>,
      },
    ],
    [t],
  );

  const result = verify.data;
  return (
    <div className="page">
      <PageHeader
        title={t('audit.title')}
        description={t('audit.description')}
        actions={
          <button
            type="button"
            className="btn"
            onClick={() => verify.mutate()}
            disabled={verify.isPending}
          >
            {verify.isPending ? t('audit.verifying') : t('audit.verify')}
          </button>
        }
      />
      {result && (
        <div
          className={result.ok ? 'banner banner-good' : 'banner banner-bad'}
          role="status"
          data-testid="audit-verify-result"
        >
          {result.ok
            ? t('audit.verifyOk', { count: result.checked, checked: formatCount(result.checked) })
            : t('audit.verifyBad', {
                seq: result.firstBad?.seq ?? '?',
                problem: t(`audit.problems.${result.firstBad?.problem ?? 'hash'}`),
                checked: formatCount(result.checked),
              })}
        </div>
      )}
      {verify.error && (
        <div className="banner banner-bad" role="alert">
          {errorMessage(verify.error)}
        </div>
      )}
      <FilterBar
        fields={fields}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<AuditFilters>)}
        onReset={state.reset}
      />
      <DataTable
        label={t('audit.title')}
        testId="audit-table"
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        onRowClick={setSelected}
        paging={state}
        emptyText={t('audit.empty')}
        csv={{
          filename: 'audit-log.csv',
          fetchAll: () => fetchAllPages((page, size) => fetchAuditPage(query, page, size)),
          columns: [
            { header: 'seq', value: (r) => r.seq },
            { header: 'at', value: (r) => r.at },
            { header: 'actor', value: (r) => r.actorUsername },
            { header: 'role', value: (r) => r.actorRole },
            { header: 'merchant', value: (r) => r.merchantCode },
            { header: 'address', value: (r) => r.address },
            { header: 'action', value: (r) => r.action },
            { header: 'targetType', value: (r) => r.targetType },
            { header: 'targetId', value: (r) => r.targetId },
            { header: 'reason', value: (r) => r.reason },
            { header: 'before', value: (r) => (r.before == null ? '' : JSON.stringify(r.before)) },
            { header: 'after', value: (r) => (r.after == null ? '' : JSON.stringify(r.after)) },
            { header: 'hash', value: (r) => r.hash },
          ],
        }}
      />
      <AuditDetail entry={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
