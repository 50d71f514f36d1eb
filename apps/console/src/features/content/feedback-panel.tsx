import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { opsFeedbackReplyBody } from '@taya/contracts';
import { Can } from '../../auth/can';
import { Dialog } from '../../components/dialog';
import { DateTime } from '../../components/display';
import { applyServerError, Field, FormError, TextField, useZodForm } from '../../components/form';
import { replyToFeedback, type OpsFeedback } from './api';
import { ReasonField } from './form-parts';

/** One feedback opened: what was sent, and the reply (the form until one is sent). */
export function FeedbackPanel({
  feedback,
  onClose,
  onReplied,
}: {
  feedback: OpsFeedback | null;
  onClose: () => void;
  onReplied: (next: OpsFeedback) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const defaults = { title: t('content.feedback.defaultTitle'), reply: '', reason: '' };
  const form = useZodForm(opsFeedbackReplyBody, { defaultValues: defaults });
  const { reset } = form;
  useEffect(() => {
    reset(defaults);
  }, [feedback?.id, reset]); // eslint-disable-line react-hooks/exhaustive-deps
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    if (!feedback) return;
    try {
      await onReplied(await replyToFeedback(feedback.id, values));
    } catch (error) {
      applyServerError(form, error);
    }
  });
  const replyError = form.formState.errors.reply?.message;

  return (
    <Dialog
      open={feedback !== null}
      side
      onOpenChange={(open) => !open && !busy && onClose()}
      title={feedback ? t('content.feedback.detailTitle', { sender: feedback.sender }) : ''}
    >
      {feedback && (
        <div data-testid="feedback-panel">
          <dl className="detail-list">
            <dt>{t('content.feedback.received')}</dt>
            <dd>
              <DateTime iso={feedback.createdAt} />
            </dd>
            <dt>{t('content.feedback.type')}</dt>
            <dd>{t(`content.feedback.types.${feedback.type}` as 'content.feedback.types.0')}</dd>
            <dt>{t('content.feedback.member')}</dt>
            <dd>{feedback.accountId ? feedback.sender : t('content.feedback.visitor')}</dd>
          </dl>
          <blockquote className="card content-quote">{feedback.content}</blockquote>
          {feedback.repliedAt ? (
            <section aria-label={t('content.feedback.yourReply')}>
              <h3>{t('content.feedback.yourReply')}</h3>
              <p className="content-quote">{feedback.reply}</p>
              <p className="field-hint">
                {feedback.repliedBy} · <DateTime iso={feedback.repliedAt} />
              </p>
            </section>
          ) : (
            <Can action="content.write">
              <form
                onSubmit={(event) => void submit(event)}
                noValidate
                data-testid="feedback-reply"
              >
                {!feedback.accountId && (
                  <p className="field-hint">{t('content.feedback.noMember')}</p>
                )}
                <TextField form={form} name="title" label={t('content.feedback.replyTitle')} />
                <Field
                  label={t('content.feedback.replyText')}
                  error={replyError}
                  hint={t('content.feedback.replyHint')}
                >
                  {({ id, describedBy, invalid }) => (
                    <textarea
                      id={id}
                      className="input"
                      rows={6}
                      aria-invalid={invalid || undefined}
                      aria-describedby={describedBy}
                      {...form.register('reply')}
                    />
                  )}
                </Field>
                <ReasonField form={form} />
                <FormError message={form.formState.errors.root?.server?.message} />
                <div className="dialog-actions">
                  <button type="submit" className="btn btn-primary" disabled={busy}>
                    {busy ? t('common.working') : t('content.feedback.send')}
                  </button>
                </div>
              </form>
            </Can>
          )}
        </div>
      )}
    </Dialog>
  );
}
