import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { opsAnnouncementBody, type AnnouncementType } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import { saveAnnouncement, type OpsAnnouncement } from './api';
import type { AnnouncementScreen } from './announcement-list';
import {
  DateTimeField,
  LocalisedFields,
  ReasonField,
  SelectField,
  withoutEmptyTexts,
} from './form-parts';
import { ImageField } from './image-field';

const schema = withoutEmptyTexts(opsAnnouncementBody, ['title', 'content']);

const valuesOf = (merchantCode: string, type: AnnouncementType, row: OpsAnnouncement | null) => ({
  merchantCode,
  type,
  platform: row?.platform ?? null,
  execution: row?.execution ?? ('B' as const),
  groupName: row?.groupName ?? (type === 'B' ? 'w_home' : null),
  title: row?.title ?? { en: '' },
  content: row?.content ?? { en: '' },
  promotionType: row?.promotionType ?? null,
  linkageType: row?.linkageType ?? ('NONE' as const),
  url: row?.url ?? null,
  images: row?.images ?? [],
  sort: row?.sort ?? 0,
  startsAt: row?.startsAt,
  endsAt: row?.endsAt ?? null,
  reason: '',
});

/** A new banner / popup / announcement or a change to one, validated by the contract. */
export function AnnouncementForm({
  screen,
  type,
  announcement,
  merchantCode,
  languages,
  onClose,
  onSaved,
}: {
  screen: AnnouncementScreen;
  type: AnnouncementType;
  announcement: OpsAnnouncement | 'new' | null;
  merchantCode: string;
  languages: readonly string[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const row = announcement === 'new' ? null : announcement;
  const form = useZodForm(schema, { defaultValues: valuesOf(merchantCode, type, row) });
  const { reset } = form;
  useEffect(() => {
    reset(valuesOf(merchantCode, type, row));
  }, [announcement, merchantCode, type, reset]); // eslint-disable-line react-hooks/exhaustive-deps
  const busy = form.formState.isSubmitting;
  const images = form.watch('images') ?? [];
  const linkage = form.watch('linkageType');

  const submit = form.handleSubmit(async (values) => {
    try {
      await saveAnnouncement(row?.id ?? null, values);
      await onSaved();
      onClose();
    } catch (error) {
      applyServerError(form, error);
    }
  });

  return (
    <Dialog
      open={announcement !== null}
      side
      onOpenChange={(open) => !open && !busy && onClose()}
      title={row ? t(`content.${screen}.editTitle`) : t(`content.${screen}.new`)}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="announcement-form">
        {type !== 'PL' && (
          <ImageField
            merchantCode={merchantCode}
            label={t('content.fields.image')}
            value={images}
            max={type === 'B' ? 1 : 5}
            error={form.formState.errors.images?.message}
            onChange={(next) => form.setValue('images', next, { shouldDirty: true })}
          />
        )}
        <LocalisedFields
          form={form}
          languages={languages}
          fields={[
            { name: 'title', label: t('content.fields.title') },
            { name: 'content', label: t('content.fields.content'), multiline: true },
          ]}
        />
        {type === 'B' && (
          <TextField form={form} name="groupName" label={t('content.fields.group')} />
        )}
        <SelectField
          form={form}
          name="execution"
          label={t('content.fields.audience')}
          options={(['B', 'A', 'F'] as const).map((v) => ({
            value: v,
            label: t(`content.executions.${v}`),
          }))}
        />
        <SelectField
          form={form}
          name="platform"
          label={t('content.fields.platform')}
          nullable={t('content.platforms.all')}
          options={(['W', 'M'] as const).map((v) => ({
            value: v,
            label: t(`content.platforms.${v}`),
          }))}
        />
        <SelectField
          form={form}
          name="linkageType"
          label={t('content.fields.link')}
          options={(['NONE', 'URL', 'GAME', 'PROMOTION'] as const).map((v) => ({
            value: v,
            label: t(`content.linkages.${v}`),
          }))}
        />
        {linkage !== 'NONE' && (
          <TextField
            form={form}
            name="url"
            label={t('content.fields.url')}
            options={{ setValueAs: (v: string) => (v === '' ? null : v) }}
          />
        )}
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
