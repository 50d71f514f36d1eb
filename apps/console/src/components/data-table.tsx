import { useState } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { toCsv, downloadCsv, type CsvCell } from '../lib/csv';
import { formatCount } from '../lib/format';
import { pageSizes } from '../lib/url-filters';
import { EmptyState, ErrorState, LoadingState, errorMessage } from './states';

export type { ColumnDef } from '@tanstack/react-table';

/** Paging and sorting as `useUrlFilters` keeps them. Without it the table shows all its rows. */
export interface TablePaging {
  page: number;
  pageSize: number;
  sort: string;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSort: (sort: string) => void;
}

export interface CsvExport<Row> {
  filename: string;
  columns: readonly { header: string; value: (row: Row) => CsvCell }[];
  /** Every row of the current filter (`fetchAllPages` in lib/api-client). */
  fetchAll: () => Promise<Row[]>;
}

export interface DataTableProps<Row> {
  /** Column definitions; a column is sortable on the server when it sets `enableSorting: true`. */
  columns: ColumnDef<Row, never>[];
  rows: readonly Row[] | undefined;
  /** All rows of the filter on the server (for the pager). */
  total?: number;
  isLoading: boolean;
  error: unknown;
  onRetry?: () => void;
  rowKey: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  paging?: TablePaging;
  emptyText: string;
  /** Names the table for screen readers. */
  label: string;
  csv?: CsvExport<Row>;
  testId?: string;
}

const toSorting = (sort: string): SortingState =>
  sort ? [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }] : [];

/**
 * The console's list: server-side paging and sorting (state in the URL), loading, empty and
 * error states, a click on a row for its detail, and a CSV export of the whole current filter.
 */
export function DataTable<Row>({
  columns,
  rows,
  total,
  isLoading,
  error,
  onRetry,
  rowKey,
  onRowClick,
  paging,
  emptyText,
  label,
  csv,
  testId,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const sorting = toSorting(paging?.sort ?? '');
  const pageCount =
    paging && total !== undefined ? Math.max(1, Math.ceil(total / paging.pageSize)) : 1;

  // The table is rebuilt from props on every render and none of its functions is memoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Row>({
    data: (rows ?? []) as Row[],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: true,
    enableSorting: Boolean(paging),
    pageCount,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      paging?.setSort(first ? `${first.desc ? '-' : ''}${first.id}` : '');
    },
  });

  const exportCsv = async () => {
    if (!csv) return;
    setExporting(true);
    setExportError(null);
    try {
      const all = await csv.fetchAll();
      downloadCsv(
        csv.filename,
        toCsv(
          csv.columns.map((c) => c.header),
          all.map((row) => csv.columns.map((c) => c.value(row))),
        ),
      );
    } catch (failure) {
      setExportError(errorMessage(failure));
    } finally {
      setExporting(false);
    }
  };

  const from = paging && total ? (paging.page - 1) * paging.pageSize + 1 : 0;
  const to = paging && total ? Math.min(total, paging.page * paging.pageSize) : (rows?.length ?? 0);

  return (
    <div className="table-card" data-testid={testId}>
      <div className="table-scroll">
        <table className="table" aria-label={label} aria-busy={isLoading || undefined}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = header.column.getCanSort();
                  const dir = header.column.getIsSorted();
                  const meta = header.column.columnDef.meta as { className?: string } | undefined;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={meta?.className}
                      aria-sort={
                        dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined
                      }
                    >
                      {sortable ? (
                        <button
                          type="button"
                          className="th-sort"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true" className="sort-mark">
                            {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className={onRowClick ? 'row-link' : undefined}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                onKeyDown={
                  onRowClick
                    ? (e) => {
                        if (e.key === 'Enter' || e.key === ' ') {
                          e.preventDefault();
                          onRowClick(row.original);
                        }
                      }
                    : undefined
                }
                tabIndex={onRowClick ? 0 : undefined}
                data-testid="table-row"
              >
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta as { className?: string } | undefined;
                  return (
                    <td key={cell.id} className={meta?.className}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {isLoading && !rows && <LoadingState />}
        {!isLoading && error !== null && error !== undefined && (
          <ErrorState error={error} {...(onRetry ? { onRetry } : {})} />
        )}
        {!isLoading && !error && rows?.length === 0 && <EmptyState text={emptyText} />}
      </div>
      <div className="table-foot">
        <span className="muted" aria-live="polite">
          {total !== undefined
            ? t('table.range', {
                from: formatCount(from),
                to: formatCount(to),
                total: formatCount(total),
              })
            : t('table.count', { count: rows?.length ?? 0 })}
        </span>
        <div className="table-tools">
          {csv && (
            <button
              type="button"
              className="btn btn-small"
              onClick={exportCsv}
              disabled={exporting}
            >
              {exporting ? t('table.exporting') : t('table.exportCsv')}
            </button>
          )}
          {exportError && (
            <span className="field-error" role="alert">
              {exportError}
            </span>
          )}
          {paging && (
            <>
              <label className="inline-label">
                {t('table.pageSize')}
                <select
                  className="input input-small"
                  value={paging.pageSize}
                  onChange={(e) => paging.setPageSize(Number(e.target.value))}
                >
                  {pageSizes.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
              </label>
              <nav className="pager" aria-label={t('table.pages')}>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => paging.setPage(paging.page - 1)}
                  disabled={paging.page <= 1}
                >
                  {t('table.previous')}
                </button>
                <span className="pager-text">
                  {t('table.pageOf', {
                    page: formatCount(paging.page),
                    pages: formatCount(pageCount),
                  })}
                </span>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => paging.setPage(paging.page + 1)}
                  disabled={paging.page >= pageCount}
                >
                  {t('table.next')}
                </button>
              </nav>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
