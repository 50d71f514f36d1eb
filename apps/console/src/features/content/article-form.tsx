import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { opsArticleBody } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, Field, FormError, TextField, useZodForm } from '../../components/form';
import { saveArticle, type OpsArticle } from './api';
import { DateTimeField, ReasonField, SelectField } from './form-parts';
import { ImageField } from './image-field';

const valuesOf = (merchantCode: string, row: OpsArticle | null) => ({
  ...(row ? { id: row.id } : {}),
  merchantCode,
  kind: row?.kind ?? ('news' as const),
  slug: row?.slug ?? '',
  language: row?.language ?? 'en',
  title: row?.title ?? '',
  coverImageUrl: row?.coverImageUrl ?? null,
  bodyHtml: row?.bodyHtml ?? '',
  tags: row?.tags ?? [],
  publishedAt: row?.publishedAt,
  status: row?.status ?? ('draft' as const),
  reason: '',
});

/**
 * An article in one language (the same slug in another language is its translation): the
 * language tab of the set is the `language` select.
 */
export function ArticleForm({
  article,
  merchantCode,
  languages,
  onClose,
  onSaved,
}: {
  article: OpsArticle | 'new' | null;
  merchantCode: string;
  languages: readonly string[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const row = article === 'new' ? null : article;
  const form = useZodForm(opsArticleBody, { defaultValues: valuesOf(merchantCode, row) });
  const { reset } = form;
  useEffect(() => {
    reset(valuesOf(merchantCode, row));
  }, [article, merchantCode, reset]); // eslint-disable-line react-hooks/exhaustive-deps
  const busy = form.formState.isSubmitting;
  const cover = form.watch('coverImageUrl');
  const submit = form.handleSubmit(async (values) => {
    try {
      await saveArticle(values);
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
      title={row ? t('content.articles.editTitle') : t('content.articles.new')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="article-form">
        <SelectField
          form={form}
          name="kind"
          label={t('content.fields.kind')}
          options={(['news', 'blog'] as const).map((k) => ({
            value: k,
            label: t(`content.articles.kinds.${k}`),
          }))}
        />
        <SelectField
          form={form}
          name="language"
          label={t('content.fields.language')}
          options={[...new Set([...languages, row?.language ?? 'en'])].map((l) => ({
            value: l,
            label: l.toUpperCase(),
          }))}
        />
        <TextField form={form} name="slug" label={t('content.fields.slug')} />
        <TextField form={form} name="title" label={t('content.fields.title')} />
        <ImageField
          merchantCode={merchantCode}
          label={t('content.articles.cover')}
          value={cover ? [cover] : []}
          max={1}
          error={form.formState.errors.coverImageUrl?.message}
          onChange={(next) =>
            form.setValue('coverImageUrl', next[0] ?? null, { shouldDirty: true })
          }
        />
        <Field
          label={t('content.articles.body')}
          error={form.formState.errors.bodyHtml?.message}
          hint={t('content.help.contentHint')}
        >
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              className="input"
              rows={10}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...form.register('bodyHtml')}
            />
          )}
        </Field>
        <TextField
          form={form}
          name="tags"
          label={t('content.articles.tags')}
          hint={t('content.articles.tagsHint')}
          options={{
            setValueAs: (v: string | string[]) =>
              Array.isArray(v)
                ? v
                : v
                    .split(',')
                    .map((tag) => tag.trim())
                    .filter(Boolean),
          }}
        />
        <SelectField
          form={form}
          name="status"
          label={t('content.articles.status')}
          options={(['draft', 'published'] as const).map((s) => ({
            value: s,
            label: t(`content.states.${s}`),
          }))}
        />
        <DateTimeField form={form} name="publishedAt" label={t('content.articles.publishedAt')} />
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
