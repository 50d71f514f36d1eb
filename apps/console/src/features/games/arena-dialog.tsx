import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Dialog } from '../../components/dialog';
import { applyServerError, Field, FormError, TextField, useZodForm } from '../../components/form';
import { patchArena, type ArenaRow } from './cockfight-api';

const valuesOf = (arena: ArenaRow | null) => ({
  status: arena?.status ?? 'open',
  streamUrl: arena?.streamUrl ?? '',
  commission: arena?.commission ?? '',
  drawRatio: arena ? String(arena.drawRatio) : '',
  reason: '',
});

/**
 * An arena's settings, changed with a reason (`PATCH /ops/cockfight/arenas/:arena`): open or
 * closed, its HLS stream address (empty: players see "stream offline"), the commission on the
 * Meron + Wala pool and the draw's ratio. A fight under way keeps the terms it was created with.
 */
export function ArenaDialog({
  arena,
  onClose,
  onSaved,
}: {
  arena: ArenaRow | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z.object({
        status: z.enum(['open', 'closed']),
        streamUrl: z
          .string()
          .trim()
          .refine((v) => v === '' || /^https:\/\/\S+$/.test(v), t('games.cockfight.streamInvalid')),
        commission: z
          .string()
          .trim()
          .refine(
            (v) => /^(?:1?\d|20)(?:\.\d{1,2})?$/.test(v),
            t('games.cockfight.commissionInvalid'),
          ),
        drawRatio: z
          .string()
          .refine(
            (v) => /^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 50,
            t('games.cockfight.drawInvalid'),
          ),
        reason: z
          .string()
          .trim()
          .min(10, t('common.reasonMin', { count: 10 })),
      }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: valuesOf(arena) });
  const { reset, register } = form;
  useEffect(() => {
    reset(valuesOf(arena));
  }, [arena, reset]);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    if (!arena) return;
    try {
      await patchArena(arena.code, {
        status: values.status,
        streamUrl: values.streamUrl === '' ? null : values.streamUrl,
        commission: values.commission,
        drawRatio: Number(values.drawRatio),
        reason: values.reason,
      });
      await onSaved();
      onClose();
    } catch (error) {
      applyServerError(form, error);
    }
  });
  return (
    <Dialog
      open={arena !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('games.cockfight.settingsTitle', { name: arena?.name ?? '' })}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="arena-edit">
        <Field label={t('games.cockfight.arenaStatus')} hint={t('games.cockfight.arenaStatusHint')}>
          {({ id, describedBy }) => (
            <select
              id={id}
              className="input"
              aria-describedby={describedBy}
              {...register('status')}
            >
              <option value="open">{t('games.cockfight.arenaOpen')}</option>
              <option value="closed">{t('games.cockfight.arenaClosed')}</option>
            </select>
          )}
        </Field>
        <TextField
          form={form}
          name="streamUrl"
          label={t('games.cockfight.streamUrl')}
          hint={t('games.cockfight.streamHint')}
          inputMode="url"
        />
        <TextField
          form={form}
          name="commission"
          label={t('games.cockfight.commission')}
          inputMode="decimal"
        />
        <TextField
          form={form}
          name="drawRatio"
          label={t('games.cockfight.drawRatio')}
          inputMode="numeric"
        />
        <TextField form={form} name="reason" label={t('common.reason')} />
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.working') : t('games.cockfight.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
