import { useEffect, useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  minorToDecimal,
  missionPeriods,
  missionTasks,
  missionUpsertSchema,
  parseAmount,
  type MissionPeriod,
  type MissionTask,
  type MissionUpsert,
} from '@taya/contracts';
import { Can } from '../../auth/can';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError } from '../../components/form';
import { ApiError } from '../../lib/api-client';
import { Check, Input, nestErrors, Select, TextArea } from './form-fields';
import { saveMission, type OpsMission } from './missions-api';

interface MissionFormValues {
  period: MissionPeriod;
  task: MissionTask;
  gameTypes: string;
  target: string;
  reward: string;
  turnover: string;
  titleEn: string;
  descriptionEn: string;
  budget: string;
  sort: string;
  enabled: boolean;
  reason: string;
}

const valuesOf = (m: OpsMission | null): MissionFormValues => ({
  period: m?.period ?? 'daily',
  task: m?.task ?? 'bet_amount',
  gameTypes: m?.gameTypes.join(', ') ?? '',
  target: m?.target ?? '',
  reward: m?.reward ?? '',
  turnover: m ? minorToDecimal(BigInt(m.turnoverMultipleTenths), 1).replace(/\.0$/, '') : '1',
  titleEn: m?.title.en ?? '',
  descriptionEn: m?.description.en ?? '',
  budget: m?.budget ?? '',
  sort: String(m?.sort ?? 0),
  enabled: m?.enabled ?? true,
  reason: '',
});

const fieldOf = (path: readonly PropertyKey[]) => {
  const head = String(path[0] ?? 'root');
  return (
    { title: 'titleEn', description: 'descriptionEn', turnoverMultipleTenths: 'turnover' }[head] ??
    head
  );
};
const int = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** Create or edit a mission, checked by the contract's schema, with a reason for the audit log. */
export function MissionForm({
  open,
  mission,
  merchantCode,
  onClose,
  onSaved,
}: {
  open: boolean;
  mission: OpsMission | null;
  merchantCode: string;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const resolver = useMemo<Resolver<MissionFormValues, unknown, MissionUpsert>>(
    () => (v) => {
      const tenths = parseAmount(v.turnover.trim(), 1);
      const parsed = missionUpsertSchema.safeParse({
        ...(mission ? { id: mission.id } : {}),
        merchantCode,
        period: v.period,
        task: v.task,
        gameTypes: v.gameTypes
          .split(',')
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean),
        target: v.target.trim(),
        reward: v.reward.trim(),
        turnoverMultipleTenths: tenths === null ? Number.NaN : Number(tenths),
        title: { ...mission?.title, en: v.titleEn },
        description: { ...mission?.description, en: v.descriptionEn },
        budget: v.budget.trim() === '' ? null : v.budget.trim(),
        enabled: v.enabled,
        sort: int(v.sort),
        reason: v.reason,
      });
      if (parsed.success) return { values: parsed.data, errors: {} };
      const flat: Record<string, string> = {};
      for (const issue of parsed.error.issues) flat[fieldOf(issue.path)] ??= issue.message;
      return { values: {}, errors: nestErrors(flat) };
    },
    [merchantCode, mission],
  );
  const form = useForm<MissionFormValues, unknown, MissionUpsert>({
    defaultValues: valuesOf(mission),
    resolver,
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(valuesOf(mission));
  }, [open, mission, reset]);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (body) => {
    try {
      await saveMission(body);
      await onSaved();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        for (const issue of error.fields)
          form.setError(fieldOf(issue.path.split('.')) as never, {
            type: 'server',
            message: issue.message,
          });
      } else applyServerError(form, error);
    }
  });

  return (
    <Dialog
      side
      open={open}
      onOpenChange={(o) => !o && !busy && onClose()}
      title={mission ? t('missions.editTitle') : t('missions.newTitle')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="mission-form">
        <div className="form-grid">
          <div className="span-2">
            <Input form={form} name="titleEn" label={t('missions.titleField')} />
          </div>
          <div className="span-2">
            <TextArea form={form} name="descriptionEn" label={t('missions.descriptionField')} />
          </div>
          <Select
            form={form}
            name="period"
            label={t('missions.period')}
            options={missionPeriods.map((p) => ({ value: p, label: t(`missions.periods.${p}`) }))}
          />
          <Select
            form={form}
            name="task"
            label={t('missions.task')}
            options={missionTasks.map((k) => ({ value: k, label: t(`missions.tasks.${k}`) }))}
          />
          <div className="span-2">
            <Input
              form={form}
              name="gameTypes"
              label={t('missions.gameTypes')}
              hint={t('missions.gameTypesHint')}
            />
          </div>
          <Input form={form} name="target" inputMode="decimal" label={t('missions.target')} />
          <Input form={form} name="reward" inputMode="decimal" label={t('missions.reward')} />
          <Input
            form={form}
            name="turnover"
            inputMode="decimal"
            label={t('missions.turnover')}
            hint={t('promotions.rules.turnoverHint')}
          />
          <Input
            form={form}
            name="budget"
            inputMode="decimal"
            label={t('missions.budget')}
            hint={t('promotions.form.budgetHint')}
          />
          <Input form={form} name="sort" inputMode="numeric" label={t('promotions.form.sort')} />
          <Check form={form} name="enabled" label={t('promotions.form.enabled')} />
          <div className="span-2">
            <Input
              form={form}
              name="reason"
              label={t('promotions.form.reason')}
              hint={t('promotions.form.reasonHint')}
            />
          </div>
        </div>
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <Can action="promotions.write">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t('common.working') : t('promotions.form.save')}
            </button>
          </Can>
        </div>
      </form>
    </Dialog>
  );
}
