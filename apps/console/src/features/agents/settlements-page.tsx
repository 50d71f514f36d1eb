import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contractKinds } from '@taya/contracts';
import { Can } from '../../auth/can';
import { DataTable } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { Money } from '../../components/display';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { formatCount, formatMinor } from '../../lib/format';
import { activeFilters, useUrlFilters } from '../../lib/url-filters';
import {
  fetchAllSettlements,
  fetchSettlements,
  runSettlement,
  type SettlementFilters,
} from './api';
import { settlementColumns, settlementCsvColumns } from './settlement-columns';
import { decimalToMinor } from './tree';

const emptyFilters: SettlementFilters = { agentId: '', kind: '', from: '', to: '' };

/**
 * `/console/agents/settlements`: settled windows of every agent contract with the inputs they
 * were computed from, filtered in the URL; "Run settlement" settles every ended window now.
 */
export default function SettlementsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useUrlFilters(emptyFilters, { pageSize: 50 });
  const query = activeFilters(state.filters);
  const size = Math.min(state.pageSize, 100);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const list = useQuery({
    queryKey: ['ops', 'agents', 'settlements', query, state.page, size],
    queryFn: ({ signal }) => fetchSettlements(query, state.page, size, signal),
    placeholderData: keepPreviousData,
  });

  const fields: FilterField[] = [
    { name: 'agentId', label: t('agents.settlements.agentId') },
    {
      name: 'kind',
      label: t('agents.settlements.kind'),
      type: 'select',
      options: contractKinds.map((k) => ({ value: k, label: t(`agents.kinds.${k}`) })),
    },
    { name: 'from', label: t('agents.settlements.from'), type: 'datetime' },
    { name: 'to', label: t('agents.settlements.to'), type: 'datetime' },
  ];
  const columns = useMemo(() => settlementColumns(t, { withAgent: true }), [t]);

  const run = async (reason: string) => {
    const done = await runSettlement(reason);
    setNotice(
      t('agents.settlements.ran', {
        count: done.windows,
        paid: formatMinor(done.paid),
      }),
    );
    await queryClient.invalidateQueries({ queryKey: ['ops', 'agents'] });
  };

  const data = list.data;
  return (
    <div className="page">
      <PageHeader
        title={t('agents.settlements.title')}
        description={t('agents.settlements.description')}
        actions={
          <Can action="agents.write">
            <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)}>
              {t('agents.settlements.run')}
            </button>
          </Can>
        }
      />
      {notice && (
        <div className="banner banner-good" role="status" data-testid="settlements-notice">
          {notice}
        </div>
      )}
      <FilterBar
        fields={fields}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<SettlementFilters>)}
        onReset={state.reset}
      />
      {data && (
        <p>
          {t('agents.settlements.totalPayout')}{' '}
          <strong data-testid="settlements-total">
            <Money minor={decimalToMinor(data.totalPayout)} />
          </strong>
        </p>
      )}
      <DataTable
        label={t('agents.settlements.title')}
        testId="settlements-table"
        columns={columns}
        rows={data?.list}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        emptyText={t('agents.settlements.empty')}
        csv={{
          filename: 'agent-settlements.csv',
          fetchAll: () => fetchAllSettlements(query),
          columns: settlementCsvColumns,
        }}
      />
      <nav className="pager" aria-label={t('table.pages')}>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => state.setPage(state.page - 1)}
          disabled={state.page <= 1}
        >
          {t('table.previous')}
        </button>
        <span className="pager-text">{t('agents.page', { page: formatCount(state.page) })}</span>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => state.setPage(state.page + 1)}
          disabled={!data?.hasMore}
        >
          {t('table.next')}
        </button>
      </nav>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('agents.settlements.runTitle')}
        description={t('agents.settlements.runText')}
        confirmLabel={t('agents.settlements.run')}
        reason={{ minLength: 3 }}
        onConfirm={run}
      />
    </div>
  );
}
