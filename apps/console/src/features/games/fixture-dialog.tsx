import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { sportCodes, type League } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, Field, FormError, TextField, useZodForm } from '../../components/form';
import { localInputToIso } from '../../lib/format';
import { createFixture, isRefusal, tradeProblem } from './sportsbook-api';

const blank = {
  sport: 'football' as const,
  league: '',
  home: '',
  away: '',
  startsAt: '',
};

/**
 * A fixture entered by hand (`POST /ops/sportsbook/fixtures`): sport, one of its leagues, the two
 * sides and the kick-off (typed in local time, sent as an ISO instant). It opens with no markets.
 */
export function FixtureDialog({
  open,
  leagues,
  onClose,
  onSaved,
}: {
  open: boolean;
  leagues: readonly League[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z.object({
        sport: z.enum(sportCodes),
        league: z.string().min(1, t('games.sportsbook.leagueRequired')),
        home: z.string().trim().min(1, t('games.sportsbook.teamRequired')).max(60),
        away: z.string().trim().min(1, t('games.sportsbook.teamRequired')).max(60),
        startsAt: z
          .string()
          .refine((v) => localInputToIso(v) !== undefined, t('games.sportsbook.kickOffRequired')),
      }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: blank });
  const { reset, register, control, setValue } = form;
  useEffect(() => {
    if (open) reset(blank);
  }, [open, reset]);
  const sport = useWatch({ control, name: 'sport' });
  const league = useWatch({ control, name: 'league' });
  const offered = leagues.filter((l) => l.sport === sport);
  useEffect(() => {
    // A league of another sport is no choice once the sport changed.
    if (league && !leagues.some((l) => l.id === league && l.sport === sport))
      setValue('league', '');
  }, [league, sport, leagues, setValue]);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    try {
      await createFixture({
        sport: values.sport,
        league: values.league,
        home: values.home,
        away: values.away,
        startsAt: localInputToIso(values.startsAt)!,
      });
      await onSaved();
      onClose();
    } catch (error) {
      applyServerError(form, error);
      if (isRefusal(error))
        form.setError('root.server', { type: 'server', message: tradeProblem(error) });
    }
  });
  const errors = form.formState.errors;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onClose()}
      title={t('games.sportsbook.createFixture')}
      description={t('games.sportsbook.createFixtureNote')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="fixture-dialog">
        <Field label={t('games.sportsbook.sport')}>
          {({ id, describedBy }) => (
            <select id={id} className="input" aria-describedby={describedBy} {...register('sport')}>
              {sportCodes.map((code) => (
                <option key={code} value={code}>
                  {t(`games.sportsbook.sports.${code}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('games.sportsbook.league')} error={errors.league?.message}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              className="input"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('league')}
            >
              <option value="">{t('games.sportsbook.chooseLeague')}</option>
              {offered.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                  {l.country ? ` (${l.country})` : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField form={form} name="home" label={t('games.sportsbook.home')} maxLength={60} />
        <TextField form={form} name="away" label={t('games.sportsbook.away')} maxLength={60} />
        <TextField
          form={form}
          name="startsAt"
          label={t('games.sportsbook.kickOff')}
          type="datetime-local"
        />
        <FormError message={errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.working') : t('games.sportsbook.create')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
