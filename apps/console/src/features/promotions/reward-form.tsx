import { useEffect, useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { opsPointRewardBodySchema, type OpsPointRewardBody } from '@taya/contracts';
import { Can } from '../../auth/can';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError } from '../../components/form';
import { ApiError } from '../../lib/api-client';
import { Input, nestErrors, Select } from './form-fields';
import { saveReward, type OpsPointReward } from './points-api';

interface RewardFormValues {
  nameEn: string;
  type: 'cash' | 'item';
  requiredPoints: string;
  amount: string;
  quantity: string;
  status: 'active' | 'inactive';
  image: string;
  sort: string;
  reason: string;
}

const valuesOf = (r: OpsPointReward | null): RewardFormValues => ({
  nameEn: r?.names.en ?? '',
  type: r?.type ?? 'cash',
  requiredPoints: r ? String(r.requiredPoints) : '',
  amount: r?.amount ?? '',
  quantity: r ? String(r.quantity) : '',
  status: r?.status ?? 'active',
  image: r?.image ?? '',
  sort: String(r?.sort ?? 0),
  reason: '',
});
const int = (text: string) => (/^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const fieldOf = (path: readonly PropertyKey[]) => {
  const head = String(path[0] ?? 'root');
  return { names: 'nameEn' }[head] ?? head;
};

/** Create or edit a reward of the points mall, with a reason for the audit log. */
export function RewardForm({
  open,
  reward,
  merchantCode,
  onClose,
  onSaved,
}: {
  open: boolean;
  reward: OpsPointReward | null;
  merchantCode: string;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const resolver = useMemo<Resolver<RewardFormValues, unknown, OpsPointRewardBody>>(
    () => (v) => {
      const parsed = opsPointRewardBodySchema.safeParse({
        ...(reward ? { id: reward.id } : {}),
        merchantCode,
        names: { ...reward?.names, en: v.nameEn },
        image: v.image.trim() === '' ? null : v.image.trim(),
        type: v.type,
        requiredPoints: int(v.requiredPoints),
        amount: v.type === 'cash' ? v.amount.trim() : null,
        quantity: int(v.quantity),
        status: v.status,
        sort: int(v.sort),
        reason: v.reason,
      });
      if (parsed.success) return { values: parsed.data, errors: {} };
      const flat: Record<string, string> = {};
      for (const issue of parsed.error.issues) flat[fieldOf(issue.path)] ??= issue.message;
      return { values: {}, errors: nestErrors(flat) };
    },
    [merchantCode, reward],
  );
  const form = useForm<RewardFormValues, unknown, OpsPointRewardBody>({
    defaultValues: valuesOf(reward),
    resolver,
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(valuesOf(reward));
  }, [open, reward, reset]);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (body) => {
    try {
      await saveReward(body);
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
      title={reward ? t('points.rewards.editTitle') : t('points.rewards.newTitle')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="reward-form">
        <div className="form-grid">
          <div className="span-2">
            <Input form={form} name="nameEn" label={t('points.rewards.nameField')} />
          </div>
          <Select
            form={form}
            name="type"
            label={t('points.redemptions.type')}
            disabled={reward !== null}
            options={[
              { value: 'cash', label: t('points.redemptions.types.cash') },
              { value: 'item', label: t('points.redemptions.types.item') },
            ]}
          />
          <Input
            form={form}
            name="amount"
            inputMode="decimal"
            label={t('points.rewards.amount')}
            hint={t('points.rewards.amountHint')}
          />
          <Input
            form={form}
            name="requiredPoints"
            inputMode="numeric"
            label={t('points.rewards.points')}
          />
          <Input
            form={form}
            name="quantity"
            inputMode="numeric"
            label={t('points.rewards.stock')}
          />
          <Select
            form={form}
            name="status"
            label={t('points.rewards.status')}
            options={[
              { value: 'active', label: t('points.rewards.statuses.active') },
              { value: 'inactive', label: t('points.rewards.statuses.inactive') },
            ]}
          />
          <Input form={form} name="sort" inputMode="numeric" label={t('promotions.form.sort')} />
          <div className="span-2">
            <Input
              form={form}
              name="image"
              label={t('points.rewards.image')}
              hint={t('points.rewards.imageHint')}
            />
          </div>
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
