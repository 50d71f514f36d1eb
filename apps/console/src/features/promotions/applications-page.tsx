import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { Badge, DateTime } from '../../components/display';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { useUrlFilters } from '../../lib/url-filters';
import {
  approveApplication,
  fetchApplications,
  fetchUploadUrl,
  rejectApplication,
  type ApplicationStatus,
  type OpsApplication,
} from './api';
import './promotions.css';

const statuses: readonly ApplicationStatus[] = ['pending', 'approved', 'rejected'];
const tone = { pending: 'warn', approved: 'good', rejected: 'bad' } as const;
const title = (t: Record<string, string>) => t.en ?? Object.values(t)[0] ?? '';

/** `/console/promotions/applications`: members' applications, with their images, to decide. */
export default function ApplicationsPage() {
  const { t } = useTranslation();
  const merchantCode = useOperator().operator?.merchantCode ?? '';
  const queryClient = useQueryClient();
  const { filters, setFilters, reset } = useUrlFilters({ status: 'pending' });
  const status = statuses.find((s) => s === filters.status) ?? '';
  const [open, setOpen] = useState<OpsApplication | null>(null);
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const key = ['ops', 'promotions', 'applications', merchantCode, status] as const;
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchApplications(merchantCode, status, signal),
    enabled: merchantCode !== '',
  });

  const columns = useMemo<ColumnDef<OpsApplication, never>[]>(
    () => [
      {
        id: 'createdAt',
        header: t('promotions.apps.created'),
        cell: ({ row }) => <DateTime iso={row.original.createdAt} />,
      },
      {
        id: 'username',
        header: t('promotions.apps.member'),
        cell: ({ row }) => row.original.username,
      },
      {
        id: 'promotion',
        header: t('promotions.apps.promotion'),
        cell: ({ row }) => <span className="cell-clip">{title(row.original.promotionTitle)}</span>,
      },
      {
        id: 'comment',
        header: t('promotions.apps.comment'),
        cell: ({ row }) => <span className="cell-clip">{row.original.comment}</span>,
      },
      {
        id: 'images',
        header: t('promotions.apps.images'),
        cell: ({ row }) => row.original.imageIds.length,
        meta: { className: 'num' },
      },
      {
        id: 'status',
        header: t('promotions.apps.status'),
        cell: ({ row }) => (
          <Badge tone={tone[row.original.status]}>
            {t(`promotions.apps.statuses.${row.original.status}`)}
          </Badge>
        ),
      },
    ],
    [t],
  );

  const decide = async (reason: string) => {
    if (!open || !deciding) return;
    const done =
      deciding === 'approve'
        ? await approveApplication(open.id, reason)
        : await rejectApplication(open.id, reason);
    setOpen(done);
    await queryClient.invalidateQueries({ queryKey: ['ops', 'promotions', 'applications'] });
  };

  return (
    <div className="page">
      <PageHeader
        title={t('promotions.apps.title')}
        description={t('promotions.apps.description', { merchant: merchantCode })}
      />
      <FilterBar
        fields={[
          {
            name: 'status',
            label: t('promotions.apps.status'),
            type: 'select',
            options: [
              { value: '', label: t('promotions.apps.all') },
              ...statuses.map((s) => ({ value: s, label: t(`promotions.apps.statuses.${s}`) })),
            ],
          },
        ]}
        values={filters}
        onApply={(next) => setFilters(next)}
        onReset={reset}
      />
      <DataTable
        label={t('promotions.apps.title')}
        testId="applications-table"
        columns={columns}
        rows={list.data?.list}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        onRowClick={setOpen}
        emptyText={t('promotions.apps.empty')}
        csv={{
          filename: `applications-${merchantCode}`,
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'createdAt', value: (r) => r.createdAt },
            { header: 'member', value: (r) => r.username },
            { header: 'promotion', value: (r) => title(r.promotionTitle) },
            { header: 'comment', value: (r) => r.comment },
            { header: 'status', value: (r) => r.status },
            { header: 'amount', value: (r) => r.amount ?? '' },
            { header: 'reason', value: (r) => r.reason ?? '' },
            { header: 'decidedBy', value: (r) => r.decidedBy ?? '' },
            { header: 'decidedAt', value: (r) => r.decidedAt ?? '' },
          ],
          fetchAll: async () => (await fetchApplications(merchantCode, status)).list,
        }}
      />
      <Dialog
        side
        open={open !== null}
        onOpenChange={(o) => !o && setOpen(null)}
        title={t('promotions.apps.detail')}
      >
        {open && (
          <div data-testid="application-detail">
            <dl className="details">
              <dt>{t('promotions.apps.member')}</dt>
              <dd>{open.username}</dd>
              <dt>{t('promotions.apps.promotion')}</dt>
              <dd>{title(open.promotionTitle)}</dd>
              <dt>{t('promotions.apps.status')}</dt>
              <dd>
                <Badge tone={tone[open.status]}>
                  {t(`promotions.apps.statuses.${open.status}`)}
                </Badge>
              </dd>
              <dt>{t('promotions.apps.comment')}</dt>
              <dd>{open.comment}</dd>
              {open.amount && (
                <>
                  <dt>{t('promotions.apps.amount')}</dt>
                  <dd>{open.amount}</dd>
                </>
              )}
              {open.reason && (
                <>
                  <dt>{t('promotions.apps.reason')}</dt>
                  <dd>{open.reason}</dd>
                </>
              )}
            </dl>
            {open.imageIds.length > 0 && (
              <div className="app-images">
                {open.imageIds.map((id, i) => (
                  <UploadImage key={id} id={id} alt={t('promotions.apps.image', { n: i + 1 })} />
                ))}
              </div>
            )}
            {open.status === 'pending' && (
              <Can action="promotions.applications.review">
                <div className="dialog-actions">
                  <button
                    type="button"
                    className="btn btn-danger"
                    onClick={() => setDeciding('reject')}
                  >
                    {t('promotions.apps.reject')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={() => setDeciding('approve')}
                  >
                    {t('promotions.apps.approve')}
                  </button>
                </div>
              </Can>
            )}
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={deciding !== null}
        onOpenChange={(o) => !o && setDeciding(null)}
        title={
          deciding === 'reject'
            ? t('promotions.apps.rejectTitle')
            : t('promotions.apps.approveTitle')
        }
        description={
          deciding === 'reject' ? t('promotions.apps.rejectText') : t('promotions.apps.approveText')
        }
        confirmLabel={
          deciding === 'reject' ? t('promotions.apps.reject') : t('promotions.apps.approve')
        }
        tone={deciding === 'reject' ? 'danger' : 'primary'}
        reason={{ minLength: 5 }}
        onConfirm={decide}
      />
    </div>
  );
}

/** An uploaded image, read with the session's bearer header. */
function UploadImage({ id, alt }: { id: string; alt: string }) {
  const { t } = useTranslation();
  const image = useQuery({
    queryKey: ['ops', 'uploads', id],
    queryFn: ({ signal }) => fetchUploadUrl(id, signal),
    staleTime: Infinity,
  });
  useEffect(() => {
    const url = image.data;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [image.data]);
  if (image.error) return <p className="muted">{t('promotions.apps.imageFailed')}</p>;
  if (!image.data) return <p className="muted">{t('common.loading')}</p>;
  return (
    <a href={image.data} target="_blank" rel="noreferrer">
      <img src={image.data} alt={alt} className="app-image" />
    </a>
  );
}
