import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OpsModuleRow } from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { Badge, DateTime } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { fetchModules, moduleTree, setModule } from './api';

type Row = OpsModuleRow & { depth: number };

/** `/console/system/modules`: the merchant's whitelabel modules and feature flags, on or off. */
export default function ModulesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const merchantCode = useOperator().operator?.merchantCode ?? '';
  const [pending, setPending] = useState<Row | null>(null);
  const list = useQuery({
    queryKey: ['ops', 'system', 'modules', merchantCode],
    queryFn: ({ signal }) => fetchModules(merchantCode, signal),
    enabled: merchantCode !== '',
  });
  const rows = useMemo(() => (list.data ? moduleTree(list.data) : undefined), [list.data]);

  const columns = useMemo<ColumnDef<Row, never>[]>(
    () => [
      {
        id: 'modId',
        header: t('system.modules.module'),
        cell: ({ row }) => (
          <code style={{ paddingInlineStart: row.original.depth * 16 }}>{row.original.modId}</code>
        ),
      },
      {
        id: 'enabled',
        header: t('system.modules.state'),
        cell: ({ row }) => (
          <Badge tone={row.original.enabled ? 'good' : 'neutral'}>
            {row.original.enabled ? t('system.modules.on') : t('system.modules.off')}
          </Badge>
        ),
      },
      {
        id: 'updated',
        header: t('system.modules.updated'),
        cell: ({ row }) => <DateTime iso={row.original.updatedAt} />,
      },
      {
        id: 'actions',
        header: t('common.actions'),
        cell: ({ row }) => (
          <Can action="system.write">
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setPending(row.original)}
              aria-label={t(
                row.original.enabled ? 'system.modules.turnOffLabel' : 'system.modules.turnOnLabel',
                {
                  modId: row.original.modId,
                },
              )}
            >
              {row.original.enabled ? t('system.modules.turnOff') : t('system.modules.turnOn')}
            </button>
          </Can>
        ),
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <PageHeader
        title={t('system.modules.title')}
        description={t('system.modules.description', { merchant: merchantCode })}
      />
      <DataTable
        label={t('system.modules.title')}
        testId="modules-table"
        columns={columns}
        rows={rows}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.modId}
        emptyText={t('system.modules.empty')}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={
          pending
            ? t(pending.enabled ? 'system.modules.offTitle' : 'system.modules.onTitle', {
                modId: pending.modId,
              })
            : ''
        }
        description={t('system.modules.confirmText', { merchant: merchantCode })}
        confirmLabel={pending?.enabled ? t('system.modules.turnOff') : t('system.modules.turnOn')}
        tone={pending?.enabled ? 'danger' : 'primary'}
        reason={{ minLength: 10 }}
        onConfirm={async (reason) => {
          if (!pending) return;
          await setModule(pending.modId, { merchantCode, enabled: !pending.enabled, reason });
          await client.invalidateQueries({ queryKey: ['ops', 'system', 'modules'] });
        }}
      />
    </div>
  );
}
