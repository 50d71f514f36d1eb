import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { gameTypes, type GameType, type OpsGame, type OpsGamePatch } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, Field, FormError, TextField, useZodForm } from '../../components/form';
import { patchGame } from './catalogue-api';

const switches = ['enabled', 'maintenance', 'hot', 'demoAllowed'] as const;

/** The game's lobby category as the select offers it ('' for its own type). */
const categoryOf = (game: OpsGame | null): GameType | '' =>
  gameTypes.find((type) => type === game?.category) ?? '';

const valuesOf = (game: OpsGame | null) => ({
  enabled: game?.enabled ?? true,
  maintenance: game?.maintenance ?? false,
  hot: game?.hot ?? false,
  demoAllowed: game?.demoAllowed ?? false,
  sort: game?.sort ?? 0,
  category: categoryOf(game),
  iconUrl: game?.iconUrl ?? '',
  reason: '',
});

/** Only what changed, as `PATCH /ops/games/:id` takes it (an empty text clears the field). */
export function gamePatchOf(
  game: OpsGame,
  values: ReturnType<typeof valuesOf>,
): Omit<OpsGamePatch, 'reason'> {
  const patch: Omit<OpsGamePatch, 'reason'> = {};
  for (const key of switches) if (values[key] !== game[key]) patch[key] = values[key];
  if (values.sort !== game.sort) patch.sort = values.sort;
  const category = (values.category || null) as GameType | null;
  if (category !== game.category) patch.category = category;
  const iconUrl = values.iconUrl.trim() || null;
  if (iconUrl !== game.iconUrl) patch.iconUrl = iconUrl;
  return patch;
}

/** A game's catalogue settings, changed with a reason; the player lobby follows at once. */
export function GameEditDialog({
  game,
  onClose,
  onSaved,
}: {
  game: OpsGame | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z.object({
        enabled: z.boolean(),
        maintenance: z.boolean(),
        hot: z.boolean(),
        demoAllowed: z.boolean(),
        sort: z
          .number({ error: t('games.catalogue.sortInvalid') })
          .int(t('games.catalogue.sortInvalid'))
          .min(0, t('games.catalogue.sortInvalid'))
          .max(1_000_000, t('games.catalogue.sortInvalid')),
        category: z.union([z.literal(''), z.enum(gameTypes)]),
        iconUrl: z.string().trim().max(500),
        reason: z
          .string()
          .trim()
          .min(10, t('common.reasonMin', { count: 10 })),
      }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: valuesOf(game) });
  const { reset } = form;
  useEffect(() => {
    reset(valuesOf(game));
  }, [game, reset]);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    if (!game) return;
    const patch = gamePatchOf(game, values);
    if (Object.keys(patch).length === 0) {
      form.setError('root.server', { message: t('games.catalogue.nothingChanged') });
      return;
    }
    try {
      await patchGame(game.id, { ...patch, reason: values.reason });
      await onSaved();
      onClose();
    } catch (error) {
      applyServerError(form, error);
    }
  });

  return (
    <Dialog
      open={game !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={game ? t('games.catalogue.editTitle', { name: game.name }) : ''}
      side
    >
      {game && (
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="game-edit">
          <dl className="details">
            <dt>{t('games.catalogue.code')}</dt>
            <dd>
              <code>{game.gameCode}</code>
            </dd>
            <dt>{t('games.catalogue.vendor')}</dt>
            <dd>{game.vendorCode}</dd>
            <dt>{t('games.catalogue.gameType')}</dt>
            <dd>{game.gameType}</dd>
          </dl>
          <fieldset className="field" style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
            <legend className="sr-only">{t('games.catalogue.switches')}</legend>
            {switches.map((key) => (
              <div key={key} style={{ marginBottom: 6 }}>
                <label className="inline-label" style={{ color: 'inherit' }}>
                  <input type="checkbox" {...form.register(key)} />
                  {t(`games.catalogue.flags.${key}`)}
                </label>
              </div>
            ))}
          </fieldset>
          <TextField
            form={form}
            name="sort"
            label={t('games.catalogue.sort')}
            hint={t('games.catalogue.sortHint')}
            inputMode="numeric"
            options={{ valueAsNumber: true }}
          />
          <Field label={t('games.catalogue.category')} hint={t('games.catalogue.categoryHint')}>
            {({ id, describedBy }) => (
              <select
                id={id}
                className="input"
                aria-describedby={describedBy}
                {...form.register('category')}
              >
                <option value="">
                  {t('games.catalogue.categoryOwn', { type: game?.gameType ?? '' })}
                </option>
                {gameTypes.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            form={form}
            name="iconUrl"
            label={t('games.catalogue.iconUrl')}
            hint={t('games.catalogue.iconUrlHint')}
          />
          <TextField form={form} name="reason" label={t('common.reason')} />
          <FormError message={form.formState.errors.root?.server?.message} />
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t('common.working') : t('games.catalogue.save')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
