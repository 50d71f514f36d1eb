import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { opsMessageBody } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import { sendMessage } from './api';
import { LocalisedFields, ReasonField, withoutEmptyTexts } from './form-parts';

const schema = withoutEmptyTexts(opsMessageBody, ['title', 'content']);
const valuesOf = (merchantCode: string) => ({
  merchantCode,
  username: null,
  title: { en: '' },
  content: { en: '' },
  reason: '',
});

/** A message to one member (by username) or, with no username, to every member. */
export function MessageForm({
  open,
  merchantCode,
  languages,
  onClose,
  onSaved,
}: {
  open: boolean;
  merchantCode: string;
  languages: readonly string[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(schema, { defaultValues: valuesOf(merchantCode) });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(valuesOf(merchantCode));
  }, [open, merchantCode, reset]);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    try {
      await sendMessage(values);
      await onSaved();
      onClose();
    } catch (error) {
      applyServerError(form, error);
    }
  });
  return (
    <Dialog
      open={open}
      side
      onOpenChange={(next) => !next && !busy && onClose()}
      title={t('content.messages.new')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="message-form">
        <TextField
          form={form}
          name="username"
          label={t('content.messages.username')}
          hint={t('content.messages.usernameHint')}
          autoComplete="off"
          options={{ setValueAs: (v: string | null) => (v ? v.trim() || null : null) }}
        />
        <LocalisedFields
          form={form}
          languages={languages}
          fields={[
            { name: 'title', label: t('content.fields.title') },
            { name: 'content', label: t('content.fields.content'), multiline: true },
          ]}
        />
        <ReasonField form={form} />
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.working') : t('content.messages.send')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
