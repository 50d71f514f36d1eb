import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { helpTags, opsHelpArticleBody } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import { saveHelp, type OpsHelpArticle } from './api';
import {
  CheckField,
  LocalisedFields,
  ReasonField,
  SelectField,
  textOf,
  withoutEmptyTexts,
} from './form-parts';

const schema = withoutEmptyTexts(opsHelpArticleBody, ['title', 'content']);
const valuesOf = (merchantCode: string, row: OpsHelpArticle | null) => ({
  ...(row ? { id: row.id } : {}),
  merchantCode,
  parentId: row?.parentId ?? null,
  tag: (row?.tag ?? 'faqs') as (typeof helpTags)[number],
  title: row?.title ?? { en: '' },
  content: row?.content ?? { en: '' },
  display: row?.display ?? true,
  sort: row?.sort ?? 0,
  reason: '',
});

/** A help topic or question, its texts per language (simple HTML) and where it shows. */
export function HelpForm({
  article,
  topics,
  merchantCode,
  languages,
  onClose,
  onSaved,
}: {
  article: OpsHelpArticle | 'new' | null;
  topics: readonly OpsHelpArticle[];
  merchantCode: string;
  languages: readonly string[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const row = article === 'new' ? null : article;
  const form = useZodForm(schema, { defaultValues: valuesOf(merchantCode, row) });
  const { reset } = form;
  useEffect(() => {
    reset(valuesOf(merchantCode, row));
  }, [article, merchantCode, reset]); // eslint-disable-line react-hooks/exhaustive-deps
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    try {
      await saveHelp(values);
      await onSaved();
      onClose();
    } catch (error) {
      applyServerError(form, error);
    }
  });
  return (
    <Dialog
      open={article !== null}
      side
      onOpenChange={(open) => !open && !busy && onClose()}
      title={row ? t('content.help.editTitle') : t('content.help.new')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="help-form">
        <SelectField
          form={form}
          name="parentId"
          label={t('content.help.parent')}
          nullable={t('content.help.noParent')}
          options={topics
            .filter((topic) => topic.id !== row?.id)
            .map((topic) => ({ value: topic.id, label: textOf(topic.title) }))}
        />
        <SelectField
          form={form}
          name="tag"
          label={t('content.fields.tag')}
          options={helpTags.map((tag) => ({ value: tag, label: tag }))}
        />
        <LocalisedFields
          form={form}
          languages={languages}
          fields={[
            { name: 'title', label: t('content.fields.title') },
            { name: 'content', label: t('content.fields.content'), multiline: true, rows: 8 },
          ]}
        />
        <p className="field-hint">{t('content.help.contentHint')}</p>
        <CheckField form={form} name="display" label={t('content.help.displayLabel')} />
        <TextField
          form={form}
          name="sort"
          label={t('content.fields.sort')}
          inputMode="numeric"
          options={{ valueAsNumber: true }}
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
