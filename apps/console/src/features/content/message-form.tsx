import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { opsMessageBody } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import { fetchVipRanks, sendMessage } from './api';
import { LocalisedFields, ReasonField, withoutEmptyTexts } from './form-parts';

const schema = withoutEmptyTexts(opsMessageBody, ['title', 'content']);
const valuesOf = (merchantCode: string) => ({
  merchantCode,
  username: null,
  vipLevels: null,
  title: { en: '' },
  content: { en: '' },
  reason: '',
});

/** Who a message goes to. */
type Audience = 'member' | 'vip' | 'everyone';
const audiences: Audience[] = ['member', 'vip', 'everyone'];

/** A message to one member (by username), to the members at some VIP ranks, or to every member. */
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
  const { reset, setValue } = form;
  const [audience, setAudience] = useState<Audience>('member');
  const [ranks, setRanks] = useState<number[]>([]);
  const levels = useQuery({
    queryKey: ['ops', 'content', 'vip-ranks', merchantCode],
    queryFn: ({ signal }) => fetchVipRanks(merchantCode, signal),
    enabled: open,
  });
  useEffect(() => {
    if (open) reset(valuesOf(merchantCode));
  }, [open, merchantCode, reset]);
  const close = () => {
    setAudience('member');
    setRanks([]);
    onClose();
  };
  useEffect(() => {
    if (audience !== 'member') setValue('username', null);
    setValue('vipLevels', audience === 'vip' ? ranks : null);
  }, [audience, ranks, setValue]);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    try {
      await sendMessage(values);
      await onSaved();
      close();
    } catch (error) {
      applyServerError(form, error);
    }
  });
  const rankError = form.formState.errors.vipLevels?.message;
  return (
    <Dialog
      open={open}
      side
      onOpenChange={(next) => !next && !busy && close()}
      title={t('content.messages.new')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="message-form">
        <fieldset className="field message-audience">
          <legend>{t('content.messages.audience')}</legend>
          <div className="choice-row">
            {audiences.map((value) => (
              <label key={value} className="inline-label">
                <input
                  type="radio"
                  name="message-audience"
                  value={value}
                  checked={audience === value}
                  onChange={() => setAudience(value)}
                />
                {t(`content.messages.audiences.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {audience === 'member' && (
          <TextField
            form={form}
            name="username"
            label={t('content.messages.username')}
            autoComplete="off"
            options={{ setValueAs: (v: string | null) => (v ? v.trim() || null : null) }}
          />
        )}
        {audience === 'vip' && (
          <fieldset className="field message-ranks" aria-describedby="message-ranks-hint">
            <legend>{t('content.messages.vipLevels')}</legend>
            <div className="choice-row">
              {levels.data?.map((level) => (
                <label key={level.rankLevel} className="inline-label">
                  <input
                    type="checkbox"
                    checked={ranks.includes(level.rankLevel)}
                    onChange={(event) =>
                      setRanks((now) =>
                        event.target.checked
                          ? [...now, level.rankLevel].sort((a, b) => a - b)
                          : now.filter((r) => r !== level.rankLevel),
                      )
                    }
                  />
                  {level.name}
                </label>
              ))}
            </div>
            {levels.isError && <p className="field-error">{t('content.messages.ranksFailed')}</p>}
            {rankError ? (
              <p className="field-error" role="alert">
                {rankError}
              </p>
            ) : (
              <p className="field-hint" id="message-ranks-hint">
                {t('content.messages.vipLevelsHint')}
              </p>
            )}
          </fieldset>
        )}
        {audience === 'everyone' && <p className="muted">{t('content.messages.everyoneHint')}</p>}
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
          <button type="button" className="btn" onClick={close} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || (audience === 'vip' && ranks.length === 0)}
          >
            {busy ? t('common.working') : t('content.messages.send')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
