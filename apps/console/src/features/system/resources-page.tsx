import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OpsCustomerService, OpsResource } from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { PageHeader } from '../../components/page-header';
import { CustomerServiceDialog, ResourceDialog } from './link-dialogs';
import {
  fetchCustomerService,
  fetchResources,
  reasonMin,
  removeCustomerService,
  removeResource,
} from './settings-api';

type Editing<T> = { row: T | null } | null;
type Removing =
  { kind: 'resource'; row: OpsResource } | { kind: 'desk'; row: OpsCustomerService } | null;

/** An address as text that wraps anywhere (long links must not widen the table). */
const Address = ({ value }: { value: string }) => (
  <code className="cell-clip" title={value}>
    {value}
  </code>
);

/** Edit and remove buttons of a row, for those who may write. */
function RowActions({
  name,
  onEdit,
  onRemove,
}: {
  name: string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Can action="system.write">
      <span className="cell-actions">
        <button
          type="button"
          className="btn btn-small"
          onClick={onEdit}
          aria-label={t('system.resources.editLabel', { name })}
        >
          {t('system.resources.edit')}
        </button>
        <button
          type="button"
          className="btn btn-small btn-danger"
          onClick={onRemove}
          aria-label={t('system.resources.removeLabel', { name })}
        >
          {t('system.resources.remove')}
        </button>
      </span>
    </Can>
  );
}

/**
 * `/console/system/resources`: the player site's links — social channels, app downloads, licence,
 * live chat (site resources) — and its customer-service entries; each added, edited or removed.
 */
export default function ResourcesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const merchantCode = useOperator().operator?.merchantCode ?? '';
  const [resource, setResource] = useState<Editing<OpsResource>>(null);
  const [desk, setDesk] = useState<Editing<OpsCustomerService>>(null);
  const [removing, setRemoving] = useState<Removing>(null);
  const resources = useQuery({
    queryKey: ['ops', 'system', 'resources', merchantCode],
    queryFn: ({ signal }) => fetchResources(merchantCode, signal),
    enabled: merchantCode !== '',
  });
  const desks = useQuery({
    queryKey: ['ops', 'system', 'customer-service', merchantCode],
    queryFn: ({ signal }) => fetchCustomerService(merchantCode, signal),
    enabled: merchantCode !== '',
  });
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['ops', 'system', 'resources'] }),
      client.invalidateQueries({ queryKey: ['ops', 'system', 'customer-service'] }),
    ]);

  const resourceColumns = useMemo<ColumnDef<OpsResource, never>[]>(
    () => [
      {
        id: 'type',
        header: t('system.resources.type'),
        cell: ({ row }) => <code>{row.original.resourceType}</code>,
      },
      {
        id: 'label',
        header: t('system.resources.label'),
        cell: ({ row }) => <span className="cell-clip">{row.original.labelNameEn}</span>,
      },
      {
        id: 'url',
        header: t('system.resources.url'),
        cell: ({ row }) => <Address value={row.original.url} />,
      },
      {
        id: 'sort',
        header: t('system.resources.sort'),
        meta: { className: 'num' },
        cell: ({ row }) => row.original.sort,
      },
      {
        id: 'actions',
        header: t('common.actions'),
        cell: ({ row }) => (
          <RowActions
            name={row.original.resourceType}
            onEdit={() => setResource({ row: row.original })}
            onRemove={() => setRemoving({ kind: 'resource', row: row.original })}
          />
        ),
      },
    ],
    [t],
  );

  const deskColumns = useMemo<ColumnDef<OpsCustomerService, never>[]>(
    () => [
      {
        id: 'type',
        header: t('system.desks.type'),
        cell: ({ row }) => <code>{row.original.csType}</code>,
      },
      {
        id: 'position',
        header: t('system.desks.position'),
        cell: ({ row }) => row.original.csPosition,
      },
      {
        id: 'path',
        header: t('system.desks.path'),
        cell: ({ row }) => <Address value={row.original.path} />,
      },
      {
        id: 'sort',
        header: t('system.desks.sort'),
        meta: { className: 'num' },
        cell: ({ row }) => row.original.sort,
      },
      {
        id: 'actions',
        header: t('common.actions'),
        cell: ({ row }) => (
          <RowActions
            name={`${row.original.csType} ${row.original.csPosition}`}
            onEdit={() => setDesk({ row: row.original })}
            onRemove={() => setRemoving({ kind: 'desk', row: row.original })}
          />
        ),
      },
    ],
    [t],
  );

  const removingName =
    removing?.kind === 'resource'
      ? removing.row.resourceType
      : removing
        ? `${removing.row.csType} ${removing.row.csPosition}`
        : '';

  return (
    <div className="page">
      <PageHeader
        title={t('system.resources.title')}
        description={t('system.resources.description', { merchant: merchantCode })}
      />
      <section data-testid="resources-section" style={{ marginBottom: 20 }}>
        <div className="table-tools" style={{ justifyContent: 'space-between', marginBottom: 8 }}>
          <h2>{t('system.resources.heading')}</h2>
          <Can action="system.write">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setResource({ row: null })}
            >
              {t('system.resources.add')}
            </button>
          </Can>
        </div>
        <DataTable
          label={t('system.resources.heading')}
          testId="resources-table"
          columns={resourceColumns}
          rows={resources.data}
          isLoading={resources.isPending}
          error={resources.error}
          onRetry={() => void resources.refetch()}
          rowKey={(row) => String(row.id)}
          emptyText={t('system.resources.empty')}
        />
      </section>
      <section data-testid="desks-section">
        <div className="table-tools" style={{ justifyContent: 'space-between', marginBottom: 8 }}>
          <h2>{t('system.desks.heading')}</h2>
          <Can action="system.write">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setDesk({ row: null })}
            >
              {t('system.desks.add')}
            </button>
          </Can>
        </div>
        <DataTable
          label={t('system.desks.heading')}
          testId="desks-table"
          columns={deskColumns}
          rows={desks.data}
          isLoading={desks.isPending}
          error={desks.error}
          onRetry={() => void desks.refetch()}
          rowKey={(row) => String(row.id)}
          emptyText={t('system.desks.empty')}
        />
      </section>
      {resource && (
        <ResourceDialog
          merchantCode={merchantCode}
          row={resource.row}
          onClose={() => setResource(null)}
          onSaved={refresh}
        />
      )}
      {desk && (
        <CustomerServiceDialog
          merchantCode={merchantCode}
          row={desk.row}
          onClose={() => setDesk(null)}
          onSaved={refresh}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('system.resources.removeTitle', { name: removingName })}
        description={t('system.resources.removeText')}
        confirmLabel={t('system.resources.remove')}
        tone="danger"
        reason={{ minLength: reasonMin }}
        onConfirm={async (reason) => {
          if (!removing) return;
          if (removing.kind === 'resource') await removeResource(removing.row.id, reason);
          else await removeCustomerService(removing.row.id, reason);
          await refresh();
        }}
      />
    </div>
  );
}
