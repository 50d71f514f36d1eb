import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { opsNoticeBody } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import { saveNotice, type OpsNotice } from './api';
import {
  CheckField,
  DateTimeField,
  LocalisedFields,
  ReasonField,
  withoutEmptyTexts,
} from './form-parts';

const schema = withoutEmptyTexts(opsNoticeBody, ['title', 'content']);

const valuesOf = (merchantCode: string, notice: OpsNotice | null) => ({
  merchantCode,
  title: notice?.title ?? { en: '' },
  content: notice?.content ?? { en: '' },
  marquee: notice?.marquee ?? true,
  sort: notice?.sort ?? 0,
  startsAt: notice?.startsAt,
  endsAt: notice?.endsAt ?? null,
  reason: '',
});

/** A new notice, or a change to one: texts per language, window, marquee, and a reason. */
export function NoticeForm({
  notice,
  merchantCode,
  languages,
  onClose,
  onSaved,
}: {
  notice: OpsNotice | 'new' | null;
  merchantCode: string;
  languages: readonly string[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const row = notice === 'new' ? null : notice;
  const form = useZodForm(schema, { defaultValues: valuesOf(merchantCode, row) });
  const { reset } = form;
  useEffect(() => {
    reset(valuesOf(merchantCode, row));
  }, [notice, merchantCode, reset]); // eslint-disable-line react-hooks/exhaustive-deps
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    try {
      await saveNotice(row?.id ?? null, values);
      await onSaved();
      onClose();
    } catch (error) {
      applyServerError(form, error);
    }
  });

  return (
    <Dialog
      open={notice !== null}
      side
      onOpenChange={(open) => !open && !busy && onClose()}
      title={row ? t('content.notices.editTitle') : t('content.notices.new')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="notice-form">
        <LocalisedFields
          form={form}
          languages={languages}
          fields={[
            { name: 'title', label: t('content.fields.title') },
            { name: 'content', label: t('content.fields.content'), multiline: true },
          ]}
        />
        <CheckField form={form} name="marquee" label={t('content.notices.marqueeLabel')} />
        <TextField
          form={form}
          name="sort"
          label={t('content.fields.sort')}
          inputMode="numeric"
          options={{ valueAsNumber: true }}
        />
        <DateTimeField
          form={form}
          name="startsAt"
          label={t('content.fields.startsAt')}
          hint={t('content.form.startsHint')}
        />
        <DateTimeField
          form={form}
          name="endsAt"
          label={t('content.fields.endsAt')}
          hint={t('content.form.endsHint')}
        />
        <ReasonField form={form} />
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.working') : t('content.form.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
