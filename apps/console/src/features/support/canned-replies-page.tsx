import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cannedReplyUpdateBodySchema, type CannedReply } from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { DateTime } from '../../components/display';
import { applyServerError, Field, FormError, TextField, useZodForm } from '../../components/form';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import {
  cannedKey,
  createCannedReply,
  deleteCannedReply,
  fetchCannedReplies,
  updateCannedReply,
} from './api';
import './support.css';

/** `/console/support/canned-replies`: the merchant's canned replies for the chat desk. */
export default function CannedRepliesPage() {
  const { t } = useTranslation();
  const { operator } = useOperator();
  const merchantCode = operator?.merchantCode ?? null;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  const replies = useQuery({
    queryKey: cannedKey(merchantCode ?? ''),
    queryFn: ({ signal }) => fetchCannedReplies(merchantCode!, signal),
    enabled: merchantCode !== null,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ops', 'support', 'canned'] });

  return (
    <div className="page">
      <PageHeader
        title={t('support.canned.title')}
        description={t('support.canned.description', { merchant: merchantCode ?? '' })}
        actions={
          <Can action="support.write">
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
              {t('support.canned.add')}
            </button>
          </Can>
        }
      />
      <section className="card">
        {replies.isPending ? (
          <LoadingState />
        ) : replies.error ? (
          <ErrorState error={replies.error} onRetry={() => void replies.refetch()} />
        ) : replies.data.list.length === 0 ? (
          <EmptyState text={t('support.canned.empty')} />
        ) : (
          <div className="table-scroll">
            <table
              className="table"
              data-testid="canned-table"
              aria-label={t('support.canned.title')}
            >
              <thead>
                <tr>
                  <th scope="col">{t('support.canned.titleField')}</th>
                  <th scope="col">{t('support.canned.text')}</th>
                  <th scope="col">{t('support.canned.updated')}</th>
                  <th scope="col">
                    <span className="sr-only">{t('support.canned.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {replies.data.list.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <strong>{r.title}</strong>
                    </td>
                    <td className="canned-text">{r.body}</td>
                    <td>
                      <DateTime iso={r.updatedAt} />
                    </td>
                    <td className="canned-actions">
                      <Can action="support.write">
                        <button
                          type="button"
                          className="btn btn-small"
                          aria-label={t('support.canned.editOne', { title: r.title })}
                          onClick={() => setEditing(r)}
                        >
                          {t('support.canned.edit')}
                        </button>
                        <button
                          type="button"
                          className="btn btn-small btn-danger-ghost"
                          aria-label={t('support.canned.deleteOne', { title: r.title })}
                          onClick={() => setDeleting(r)}
                        >
                          {t('support.canned.delete')}
                        </button>
                      </Can>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {editing && merchantCode && (
        <CannedDialog
          reply={editing === 'new' ? null : editing}
          merchantCode={merchantCode}
          onClose={() => setEditing(null)}
          onDone={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('support.canned.deleteTitle')}
        description={t('support.canned.deleteText', { title: deleting?.title ?? '' })}
        confirmLabel={t('support.canned.delete')}
        tone="danger"
        reason={{ minLength: 3 }}
        onConfirm={async (reason) => {
          await deleteCannedReply(deleting!.id, reason);
          await refresh();
        }}
      />
    </div>
  );
}

function CannedDialog({
  reply,
  merchantCode,
  onClose,
  onDone,
}: {
  reply: CannedReply | null;
  merchantCode: string;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(cannedReplyUpdateBodySchema, {
    defaultValues: { title: reply?.title ?? '', body: reply?.body ?? '', reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      if (reply) await updateCannedReply(reply.id, values);
      else await createCannedReply(merchantCode, values);
      await onDone();
    } catch (error) {
      applyServerError(form, error);
    }
  });

  return (
    <Dialog
      open
      side
      onOpenChange={(open) => !open && onClose()}
      title={reply ? t('support.canned.editTitle') : t('support.canned.addTitle')}
      description={t('support.canned.formText')}
    >
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="canned-form">
        <TextField form={form} name="title" label={t('support.canned.titleField')} />
        <Field label={t('support.canned.text')} error={errors.body?.message}>
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              className="input"
              rows={5}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...form.register('body')}
            />
          )}
        </Field>
        <Field
          label={t('common.reason')}
          error={errors.reason?.message}
          hint={t('common.reasonMin', { count: 3 })}
        >
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              className="input"
              rows={2}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...form.register('reason')}
            />
          )}
        </Field>
        <FormError message={errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t('common.working') : t('support.canned.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
