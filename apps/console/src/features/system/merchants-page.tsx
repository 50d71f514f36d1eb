import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OpsMerchant } from '@taya/contracts';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Badge } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { MerchantDialog } from './merchant-dialog';
import { fetchMerchants } from './settings-api';

/**
 * `/console/system/merchants`: the merchants (markets) the operator may see, with their region,
 * languages and domains; a row opens its settings and domain routes.
 */
export default function MerchantsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { may } = useOperator();
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['ops', 'system', 'merchants'],
    queryFn: ({ signal }) => fetchMerchants(signal),
  });
  const selected = list.data?.find((m) => m.code === open) ?? null;

  const columns = useMemo<ColumnDef<OpsMerchant, never>[]>(
    () => [
      {
        id: 'code',
        header: t('system.merchants.fields.code'),
        cell: ({ row }) => (
          <span className="nowrap">
            <code>{row.original.code}</code>{' '}
            {row.original.isDefault && <Badge tone="info">{t('system.merchants.default')}</Badge>}
          </span>
        ),
      },
      {
        id: 'country',
        header: t('system.merchants.fields.country'),
        cell: ({ row }) => `${row.original.countryName} (${row.original.country})`,
      },
      {
        id: 'currency',
        header: t('system.merchants.fields.currency'),
        cell: ({ row }) => `${row.original.currency} ${row.original.currencySymbol}`,
      },
      {
        id: 'timeZone',
        header: t('system.merchants.fields.timeZone'),
        cell: ({ row }) => row.original.timeZone,
      },
      {
        id: 'languages',
        header: t('system.merchants.fields.languages'),
        cell: ({ row }) => (
          <span>
            <strong>{row.original.defaultLanguage}</strong>
            {row.original.languages
              .filter((code) => code !== row.original.defaultLanguage)
              .map((code) => `, ${code}`)
              .join('')}
          </span>
        ),
      },
      {
        id: 'mainDomain',
        header: t('system.merchants.fields.mainDomain'),
        cell: ({ row }) => <code>{row.original.mainDomain}</code>,
      },
      {
        id: 'domains',
        header: t('system.merchants.fields.domainPatterns'),
        cell: ({ row }) => (
          <span className="cell-clip" title={row.original.domainPatterns.join(', ')}>
            {row.original.domainPatterns.join(', ')}
          </span>
        ),
      },
      {
        id: 'actions',
        header: t('common.actions'),
        cell: ({ row }) => (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => setOpen(row.original.code)}
            aria-label={t('system.merchants.openLabel', {
              code: row.original.code,
              action: may('system.write') ? t('system.merchants.edit') : t('system.merchants.view'),
            })}
          >
            {may('system.write') ? t('system.merchants.edit') : t('system.merchants.view')}
          </button>
        ),
      },
    ],
    [t, may],
  );

  return (
    <div className="page">
      <PageHeader
        title={t('system.merchants.title')}
        description={t('system.merchants.description')}
      />
      <DataTable
        label={t('system.merchants.title')}
        testId="merchants-table"
        columns={columns}
        rows={list.data}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.code}
        emptyText={t('system.merchants.empty')}
      />
      <MerchantDialog
        merchant={selected}
        onClose={() => setOpen(null)}
        onSaved={() => client.invalidateQueries({ queryKey: ['ops', 'system', 'merchants'] })}
      />
    </div>
  );
}
