import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { supportTransferBodySchema, type ChatOpsSummary } from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { applyServerError, Field, FormError, useZodForm } from '../../components/form';
import { claimChat, fetchDeskOperators, operatorsKey, transferChat } from './api';

/**
 * The conversation's assignee and what the operator may do about it: claim a free chat, take one
 * over from another operator (with a reason), or transfer it to another operator.
 */
export function AssignBar({ chat }: { chat: ChatOpsSummary }) {
  const { t } = useTranslation();
  const { operator } = useOperator();
  const queryClient = useQueryClient();
  const [claiming, setClaiming] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const mine = chat.assigneeId !== null && chat.assigneeId === operator?.id;
  const heldByOther = chat.assigneeId !== null && !mine;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ops', 'support'] });

  return (
    <div className="desk-assign" data-testid="chat-assignee">
      <span className="muted">
        {chat.assigneeId === null
          ? t('support.assign.nobody')
          : mine
            ? t('support.assign.you')
            : t('support.assign.heldBy', { name: chat.assignee ?? chat.assigneeId })}
      </span>
      {chat.status === 'open' && (
        <Can action="support.write">
          {!mine && (
            <button
              type="button"
              className="btn btn-small btn-primary"
              onClick={() => setClaiming(true)}
            >
              {heldByOther ? t('support.assign.takeOver') : t('support.assign.claim')}
            </button>
          )}
          <button type="button" className="btn btn-small" onClick={() => setTransferring(true)}>
            {t('support.assign.transfer')}
          </button>
          <ConfirmDialog
            open={claiming}
            onOpenChange={setClaiming}
            title={heldByOther ? t('support.assign.takeOverTitle') : t('support.assign.claimTitle')}
            description={
              heldByOther
                ? t('support.assign.takeOverText', { name: chat.assignee ?? chat.assigneeId })
                : t('support.assign.claimText')
            }
            confirmLabel={heldByOther ? t('support.assign.takeOver') : t('support.assign.claim')}
            {...(heldByOther ? { reason: { minLength: 3 } } : {})}
            onConfirm={async (reason) => {
              await claimChat(chat.id, heldByOther ? { reason } : undefined);
              await refresh();
            }}
          />
          {transferring && (
            <TransferDialog
              chat={chat}
              onClose={() => setTransferring(false)}
              onDone={async () => {
                setTransferring(false);
                await refresh();
              }}
            />
          )}
        </Can>
      )}
    </div>
  );
}

function TransferDialog({
  chat,
  onClose,
  onDone,
}: {
  chat: ChatOpsSummary;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const operators = useQuery({
    queryKey: operatorsKey(chat.merchantCode),
    queryFn: ({ signal }) => fetchDeskOperators(chat.merchantCode, signal),
  });
  const form = useZodForm(supportTransferBodySchema, {
    defaultValues: { operatorId: '', reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ operatorId, reason }) => {
    try {
      await transferChat(chat.id, operatorId, reason);
      await onDone();
    } catch (error) {
      applyServerError(form, error);
    }
  });
  const choices = (operators.data?.list ?? []).filter((o) => o.id !== chat.assigneeId);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('support.assign.transferTitle')}
      description={t('support.assign.transferText')}
    >
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="transfer-form">
        <Field label={t('support.assign.operator')} error={errors.operatorId?.message}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              className="input"
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...form.register('operatorId')}
            >
              <option value="">{t('support.assign.pickOperator')}</option>
              {choices.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.username}
                </option>
              ))}
            </select>
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
            {isSubmitting ? t('common.working') : t('support.assign.transfer')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
