import { useMemo, useState } from 'react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Badge, DateTime } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../components/states';
import { formatCount } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-filters';
import { fetchTree } from './api';
import { flattenTree, toggleNode, type Children, type TreeRow } from './tree';

const childPageSize = 200;
/** Where a folding button would be, for a node with no team below it. */
const leafSpacer = { display: 'inline-block', width: '26px' };

const rowId = (row: TreeRow) => (row.type === 'node' ? row.node.id : `${row.parentId}:${row.type}`);

/** `/console/agents`: the merchant's agent tree, opened level by level, each agent's team size. */
export default function AgentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useUrlFilters({}, { pageSize: 50 });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());

  const top = useQuery({
    queryKey: ['ops', 'agents', 'tree', null, state.page, state.pageSize],
    queryFn: ({ signal }) => fetchTree(undefined, state.page, state.pageSize, signal),
    placeholderData: keepPreviousData,
  });

  const openIds = useMemo(() => [...expanded], [expanded]);
  const downlines = useQueries({
    queries: openIds.map((id) => ({
      queryKey: ['ops', 'agents', 'tree', id, 1, childPageSize],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchTree(id, 1, childPageSize, signal),
    })),
  });
  const childrenOf = (id: string): Children | undefined => {
    const q = downlines[openIds.indexOf(id)];
    if (!q) return undefined;
    if (q.data) return { state: 'loaded', list: q.data.list, hasMore: q.data.hasMore };
    if (q.error) return { state: 'error', error: q.error };
    return { state: 'loading' };
  };
  const rows = top.data ? flattenTree(top.data.list, expanded, childrenOf) : undefined;
  const toggle = (id: string) =>
    setExpanded((current) =>
      toggleNode(current, id, (of) => {
        const c = childrenOf(of);
        return c?.state === 'loaded' ? c.list.map((n) => n.id) : [];
      }),
    );

  const columns: ColumnDef<TreeRow, never>[] = [
    {
      id: 'agent',
      header: t('agents.tree.agent'),
      cell: ({ row: { original: r } }) => {
        const indent = { paddingInlineStart: `${r.depth * 20}px` };
        if (r.type === 'loading')
          return (
            <span style={indent} className="muted">
              {t('agents.tree.loading')}
            </span>
          );
        if (r.type === 'error')
          return (
            <span style={indent} className="field-error">
              {errorMessage(r.error)}
            </span>
          );
        if (r.type !== 'node')
          return (
            <span style={indent}>
              <Link to={`/agents/${encodeURIComponent(r.parentId)}`}>{t('agents.tree.more')}</Link>
            </span>
          );
        const { node } = r;
        return (
          <span
            className="nowrap"
            style={indent}
            data-testid="agent-node"
            data-username={node.username}
          >
            {r.expandable ? (
              <button
                type="button"
                className="btn btn-small"
                aria-expanded={r.expanded}
                aria-label={t(r.expanded ? 'agents.tree.fold' : 'agents.tree.open', {
                  username: node.username,
                })}
                onClick={(e) => {
                  e.stopPropagation();
                  toggle(node.id);
                }}
              >
                {r.expanded ? '−' : '+'}
              </button>
            ) : (
              <span style={leafSpacer} aria-hidden="true" />
            )}{' '}
            <strong>{node.username}</strong>
            {node.nickname && <span className="muted"> · {node.nickname}</span>}
          </span>
        );
      },
    },
    {
      id: 'type',
      header: t('agents.tree.type'),
      cell: ({ row: { original: r } }) =>
        r.type === 'node' && (
          <Badge tone={r.node.isAgent ? 'info' : 'neutral'}>
            {t(r.node.isAgent ? 'agents.types.agent' : 'agents.types.member')}
          </Badge>
        ),
    },
    {
      id: 'depth',
      header: t('agents.tree.depth'),
      cell: ({ row: { original: r } }) => r.type === 'node' && formatCount(r.depth + 1),
      meta: { className: 'num' },
    },
    {
      id: 'team',
      header: t('agents.tree.teamSize'),
      cell: ({ row: { original: r } }) => r.type === 'node' && formatCount(r.node.teamSize),
      meta: { className: 'num' },
    },
    {
      id: 'settlement',
      header: t('agents.tree.settlement'),
      cell: ({ row: { original: r } }) =>
        r.type === 'node' &&
        (!r.node.isAgent ? (
          <span className="muted">—</span>
        ) : r.node.settlementPaused ? (
          <Badge tone="warn">{t('agents.paused')}</Badge>
        ) : (
          <span className="muted">{t('agents.running')}</span>
        )),
    },
    {
      id: 'registered',
      header: t('agents.tree.registered'),
      cell: ({ row: { original: r } }) =>
        r.type === 'node' && <DateTime iso={r.node.registeredAt} />,
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={t('agents.tree.title')}
        description={t('agents.tree.description')}
        actions={
          <Link className="btn" to="/agents/settlements">
            {t('nav.pages.agentSettlements')}
          </Link>
        }
      />
      <DataTable
        label={t('agents.tree.title')}
        testId="agents-tree"
        columns={columns}
        rows={rows}
        isLoading={top.isPending}
        error={top.error}
        onRetry={() => void top.refetch()}
        rowKey={rowId}
        onRowClick={(r) => {
          if (r.type === 'node') void navigate(`/agents/${encodeURIComponent(r.node.id)}`);
        }}
        emptyText={t('agents.tree.empty')}
        csv={{
          filename: 'agents.csv',
          fetchAll: () => Promise.resolve((rows ?? []).filter((r) => r.type === 'node')),
          columns: [
            { header: 'id', value: (r) => (r.type === 'node' ? r.node.id : '') },
            { header: 'username', value: (r) => (r.type === 'node' ? r.node.username : '') },
            { header: 'parentId', value: (r) => (r.type === 'node' ? r.node.parentId : '') },
            { header: 'depth', value: (r) => r.depth + 1 },
            { header: 'agent', value: (r) => (r.type === 'node' ? r.node.isAgent : '') },
            { header: 'teamSize', value: (r) => (r.type === 'node' ? r.node.teamSize : '') },
            {
              header: 'settlementPaused',
              value: (r) => (r.type === 'node' ? r.node.settlementPaused : ''),
            },
            {
              header: 'registeredAt',
              value: (r) => (r.type === 'node' ? r.node.registeredAt : ''),
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
        <span className="pager-text">{t('agents.page', { page: formatCount(state.page) })}</span>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => state.setPage(state.page + 1)}
          disabled={!top.data?.hasMore}
        >
          {t('table.next')}
        </button>
      </nav>
    </div>
  );
}
