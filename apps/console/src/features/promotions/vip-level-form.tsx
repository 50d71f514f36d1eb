import { useEffect, useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  bpsToPercent,
  opsVipLevelBodySchema,
  parseRate,
  type OpsVipLevelBody,
} from '@taya/contracts';
import { Can } from '../../auth/can';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError } from '../../components/form';
import { ApiError } from '../../lib/api-client';
import { Input, nestErrors } from './form-fields';
import { saveVipLevel, type OpsVipLevel } from './vip-api';

interface VipFormValues {
  rankLevel: string;
  labelEn: string;
  validBetThreshold: string;
  depositThreshold: string;
  rebate: string;
  rebateByType: string;
  dailyWithdrawCount: string;
  dailyWithdrawAmount: string;
  upgradeBonus: string;
  reason: string;
}

const valuesOf = (l: OpsVipLevel | null, nextRank: number): VipFormValues => ({
  rankLevel: String(l?.rankLevel ?? nextRank),
  labelEn: l?.label.en ?? '',
  validBetThreshold: l?.validBetThreshold ?? '',
  depositThreshold: l?.depositThreshold ?? '0',
  rebate: l ? bpsToPercent(l.benefits.rebateRateBps) : '0',
  rebateByType: l
    ? Object.entries(l.benefits.rebateRatesBps)
        .map(([k, v]) => `${k}=${bpsToPercent(v)}`)
        .join(', ')
    : '',
  dailyWithdrawCount: l?.benefits.dailyWithdrawCount?.toString() ?? '',
  dailyWithdrawAmount: l?.benefits.dailyWithdrawAmount ?? '',
  upgradeBonus: l?.benefits.upgradeBonus ?? '0',
  reason: '',
});

const fieldOf = (path: readonly PropertyKey[]) => {
  const head = String(path[0] ?? 'root');
  return (
    { label: 'labelEn', rebateRateBps: 'rebate', rebateRatesBps: 'rebateByType' }[head] ?? head
  );
};
const rate = (text: string) => parseRate(text.trim()) ?? Number.NaN;

/** Create or edit one VIP rank: what it needs and gives, with a reason for the audit log. */
export function VipLevelForm({
  open,
  level,
  nextRank,
  merchantCode,
  onClose,
  onSaved,
}: {
  open: boolean;
  level: OpsVipLevel | null;
  nextRank: number;
  merchantCode: string;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const resolver = useMemo<
    Resolver<VipFormValues, unknown, { rankLevel: number; body: OpsVipLevelBody }>
  >(
    () => (v) => {
      const flat: Record<string, string> = {};
      const rankLevel = /^\d{1,3}$/.test(v.rankLevel.trim()) ? Number(v.rankLevel) : Number.NaN;
      if (Number.isNaN(rankLevel)) flat.rankLevel = t('promotions.form.format');
      const rates: Record<string, number> = {};
      for (const item of v.rebateByType
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const [k = '', r = ''] = item.split('=').map((s) => s.trim());
        rates[k.toUpperCase()] = rate(r);
      }
      const parsed = opsVipLevelBodySchema.safeParse({
        merchantCode,
        label: { ...level?.label, en: v.labelEn },
        validBetThreshold: v.validBetThreshold.trim(),
        depositThreshold: v.depositThreshold.trim(),
        rebateRateBps: rate(v.rebate),
        rebateRatesBps: rates,
        dailyWithdrawCount:
          v.dailyWithdrawCount.trim() === '' ? null : Number(v.dailyWithdrawCount.trim()),
        dailyWithdrawAmount:
          v.dailyWithdrawAmount.trim() === '' ? null : v.dailyWithdrawAmount.trim(),
        upgradeBonus: v.upgradeBonus.trim(),
        reason: v.reason,
      });
      if (!parsed.success)
        for (const issue of parsed.error.issues) flat[fieldOf(issue.path)] ??= issue.message;
      if (!parsed.success || Object.keys(flat).length > 0)
        return { values: {} as Record<string, never>, errors: nestErrors(flat) };
      return { values: { rankLevel, body: parsed.data }, errors: {} };
    },
    [merchantCode, level, t],
  );
  const form = useForm<VipFormValues, unknown, { rankLevel: number; body: OpsVipLevelBody }>({
    defaultValues: valuesOf(level, nextRank),
    resolver,
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(valuesOf(level, nextRank));
  }, [open, level, nextRank, reset]);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ rankLevel, body }) => {
    try {
      await saveVipLevel(rankLevel, body);
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
      title={level ? t('vip.editTitle', { rank: level.rankLevel }) : t('vip.newTitle')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="vip-form">
        <div className="form-grid">
          <Input
            form={form}
            name="rankLevel"
            inputMode="numeric"
            label={t('vip.rank')}
            readOnly={level !== null}
          />
          <Input form={form} name="labelEn" label={t('vip.labelField')} />
          <Input
            form={form}
            name="validBetThreshold"
            inputMode="decimal"
            label={t('vip.validBet')}
          />
          <Input
            form={form}
            name="depositThreshold"
            inputMode="decimal"
            label={t('vip.deposits')}
          />
          <Input form={form} name="rebate" inputMode="decimal" label={t('vip.rebateField')} />
          <Input
            form={form}
            name="upgradeBonus"
            inputMode="decimal"
            label={t('vip.upgradeBonus')}
          />
          <div className="span-2">
            <Input
              form={form}
              name="rebateByType"
              label={t('vip.rebateByType')}
              hint={t('vip.rebateByTypeHint')}
            />
          </div>
          <Input
            form={form}
            name="dailyWithdrawCount"
            inputMode="numeric"
            label={t('vip.withdrawCount')}
            hint={t('vip.limitHint')}
          />
          <Input
            form={form}
            name="dailyWithdrawAmount"
            inputMode="decimal"
            label={t('vip.withdrawAmount')}
            hint={t('vip.limitHint')}
          />
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
