import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EnterLotteryResult, LotteryIssue, OpsLotteryIssueRow } from '@taya/contracts';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Badge, DateTime } from '../../components/display';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { formatCount } from '../../lib/format';
import { activeFilters, useUrlFilters } from '../../lib/url-filters';
import {
  cancelIssue,
  confirmResult,
  enterResult,
  fetchAllIssues,
  fetchIssues,
  type IssueFilters,
} from './api';
import { IssueDetail } from './issue-detail';
import { shownStatus, statusTone } from './issue-status';
import { ResultDialog } from './result-dialog';
import { gameOf, lotteryGames, resultShape } from './result-shape';
import { resultSummary } from './result-view';

const emptyFilters: IssueFilters = { gameCode: '', status: '', from: '', to: '' };
const serverStatuses = ['open', 'closed', 'drawn', 'settled', 'cancelled'] as const;

/**
 * `/console/lottery`: the lottery's issues by game, status and draw time; an issue's detail with
 * its result, the entry awaiting a second operator, entering, confirming and cancelling.
 */
export default function IssuesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { operator } = useOperator();
  const state = useUrlFilters(emptyFilters);
  const query = activeFilters(state.filters);
  const [selected, setSelected] = useState<OpsLotteryIssueRow | null>(null);
  const [entering, setEntering] = useState<OpsLotteryIssueRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const list = useQuery({
    queryKey: ['ops', 'lottery', 'issues', query, state.page, state.pageSize],
    queryFn: ({ signal }) => fetchIssues(query, state.page, state.pageSize, signal),
    placeholderData: keepPreviousData,
  });
  // The panel shows the row as the list has it now (after a write, its refetch).
  const current = selected ? (list.data?.list.find((r) => r.id === selected.id) ?? selected) : null;
  const refresh = () => client.invalidateQueries({ queryKey: ['ops', 'lottery', 'issues'] });

  const fields: FilterField[] = [
    {
      name: 'gameCode',
      label: t('lottery.game'),
      type: 'select',
      options: lotteryGames.map((g) => ({ value: g.code, label: `${g.code} — ${g.name}` })),
    },
    {
      name: 'status',
      label: t('lottery.status'),
      type: 'select',
      options: serverStatuses.map((s) => ({ value: s, label: t(`lottery.statuses.${s}`) })),
    },
    { name: 'from', label: t('lottery.from'), type: 'datetime' },
    { name: 'to', label: t('lottery.to'), type: 'datetime' },
  ];

  const columns = useMemo<ColumnDef<OpsLotteryIssueRow, never>[]>(
    () => [
      {
        id: 'drawAt',
        header: t('lottery.drawAt'),
        cell: ({ row }) => <DateTime iso={row.original.drawAt} />,
      },
      {
        id: 'game',
        header: t('lottery.game'),
        cell: ({ row }) => (
          <span className="nowrap">
            {row.original.gameCode}{' '}
            <span className="muted">{gameOf(row.original.gameCode)?.name}</span>
          </span>
        ),
      },
      {
        id: 'issue',
        header: t('lottery.issue'),
        cell: ({ row }) => <code>{row.original.issueId}</code>,
      },
      {
        id: 'status',
        header: t('lottery.status'),
        cell: ({ row }) => {
          const status = shownStatus(row.original);
          return (
            <span data-testid="issue-row-status">
              <Badge tone={statusTone[status]}>{t(`lottery.statuses.${status}`)}</Badge>
            </span>
          );
        },
      },
      {
        id: 'bets',
        header: t('lottery.bets'),
        cell: ({ row }) => formatCount(row.original.betCount),
        meta: { className: 'num' },
      },
      {
        id: 'result',
        header: t('lottery.topPrize'),
        cell: ({ row }) => <code>{resultSummary(row.original.result)}</code>,
      },
      {
        id: 'enteredBy',
        header: t('lottery.enteredBy'),
        cell: ({ row }) => {
          const entry = row.original.pendingEntry;
          return entry ? (entry.enteredByUsername ?? entry.enteredBy) : '';
        },
      },
    ],
    [t],
  );

  // The panel keeps the answer's issue, should the refreshed list no longer hold it (a filter).
  const keep = (issue: LotteryIssue, pendingEntry: OpsLotteryIssueRow['pendingEntry']) =>
    setSelected((prev) =>
      prev && prev.id === issue.id
        ? {
            ...prev,
            ...issue,
            pendingEntry,
            settledCount: issue.status === 'settled' ? prev.betCount : prev.settledCount,
          }
        : prev,
    );
  const enter = async (body: EnterLotteryResult) => {
    const done = await enterResult(body);
    keep(done.issue, {
      id: done.entry.id,
      result: done.entry.result,
      enteredBy: done.entry.enteredBy,
      enteredByUsername: operator?.username ?? null,
      reason: body.reason,
      createdAt: done.entry.createdAt,
    });
    setNotice(t('lottery.enter.done', { issue: body.issueId }));
    await refresh();
  };
  const confirm = async (entryId: string, reason: string) => {
    const done = await confirmResult(entryId, reason);
    keep(done.issue, null);
    setNotice(t('lottery.pending.done', { issue: done.issue.issueId }));
    await refresh();
  };
  const cancel = async (reason: string) => {
    const done = await cancelIssue(current!.id, reason);
    keep(done.issue, null);
    setNotice(t('lottery.cancel.done', { issue: done.issue.issueId }));
    await refresh();
  };

  const data = list.data;
  return (
    <div className="page">
      <PageHeader title={t('lottery.title')} description={t('lottery.description')} />
      {notice && (
        <div className="banner banner-good" role="status" data-testid="lottery-notice">
          {notice}
        </div>
      )}
      <FilterBar
        fields={fields}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<IssueFilters>)}
        onReset={state.reset}
      />
      <DataTable
        label={t('lottery.title')}
        testId="issues-table"
        columns={columns}
        rows={data?.list}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        onRowClick={(row) => {
          setNotice(null);
          setSelected(row);
        }}
        emptyText={t('lottery.empty')}
        csv={{
          filename: 'lottery-issues.csv',
          fetchAll: () => fetchAllIssues(query),
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'game', value: (r) => r.gameCode },
            { header: 'issue', value: (r) => r.issueId },
            { header: 'status', value: (r) => shownStatus(r) },
            { header: 'closesAt', value: (r) => r.closesAt },
            { header: 'drawAt', value: (r) => r.drawAt },
            { header: 'bets', value: (r) => r.betCount },
            { header: 'settled', value: (r) => r.settledCount },
            { header: 'resultSource', value: (r) => r.resultSource ?? '' },
            { header: 'result', value: (r) => (r.result ? JSON.stringify(r.result) : '') },
            { header: 'drawnAt', value: (r) => r.drawnAt ?? '' },
            { header: 'settledAt', value: (r) => r.settledAt ?? '' },
            {
              header: 'pendingEnteredBy',
              value: (r) => r.pendingEntry?.enteredByUsername ?? r.pendingEntry?.enteredBy ?? '',
            },
          ],
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
        <span className="pager-text">{t('lottery.page', { page: formatCount(state.page) })}</span>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => state.setPage(state.page + 1)}
          disabled={!data?.hasMore}
        >
          {t('table.next')}
        </button>
      </nav>
      <IssueDetail
        issue={entering ? null : current}
        onClose={() => setSelected(null)}
        onEnter={() => setEntering(current)}
        onConfirm={confirm}
        onCancel={cancel}
      />
      <ResultDialog
        issue={entering}
        shape={entering ? resultShape(entering.gameCode) : null}
        onClose={() => setEntering(null)}
        onEnter={enter}
      />
    </div>
  );
}
