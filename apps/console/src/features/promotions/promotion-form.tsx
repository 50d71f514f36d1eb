import { useEffect, useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PromotionUpsert } from '@taya/contracts';
import { Can } from '../../auth/can';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError } from '../../components/form';
import { ApiError } from '../../lib/api-client';
import { savePromotion, type OpsPromotion } from './api';
import { Check, Input, nestErrors, Select, TextArea } from './form-fields';
import {
  fieldOf,
  formValues,
  ruleFields,
  ruleKinds,
  toUpsert,
  type PromotionFormValues,
  type RuleField,
} from './promotion-values';

/** Inputs whose text is a list: wider, with a hint on how to write it. */
const wide: ReadonlySet<RuleField> = new Set(['rates', 'windows', 'amountsByRank', 'prizes']);

/**
 * Create (`promotion` undefined) or edit a promotion: every kind's rules, its audience, budget
 * and dates, checked by the contract's schema before it goes, and a reason for the audit log.
 */
export function PromotionForm({
  open,
  promotion,
  merchantCode,
  onClose,
  onSaved,
}: {
  open: boolean;
  promotion: OpsPromotion | null;
  merchantCode: string;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const resolver = useMemo<Resolver<PromotionFormValues, unknown, PromotionUpsert>>(
    () => (values) => {
      const result = toUpsert(values, {
        merchantCode,
        ...(promotion
          ? { id: promotion.id, title: promotion.title, content: promotion.content }
          : {}),
      });
      if (result.ok) return { values: result.body, errors: {} };
      const flat: Record<string, string> = {};
      for (const [field, e] of Object.entries(result.errors)) {
        flat[field] = e.format ? t('promotions.form.format') : e.message;
      }
      return { values: {}, errors: nestErrors(flat) };
    },
    [merchantCode, promotion, t],
  );
  const form = useForm<PromotionFormValues, unknown, PromotionUpsert>({
    defaultValues: formValues(promotion),
    resolver,
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(formValues(promotion));
  }, [open, promotion, reset]);
  const hintOf = (field: RuleField) =>
    ({
      turnover: t('promotions.rules.turnoverHint'),
      rates: t('promotions.rules.ratesHint'),
      windows: t('promotions.rules.windowsHint'),
      amountsByRank: t('promotions.rules.amountsByRankHint'),
      prizes: t('promotions.rules.prizesHint'),
    })[field as string];
  const kind = useWatch({ control: form.control, name: 'kind' });
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (body) => {
    try {
      await savePromotion(body);
      await onSaved();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        for (const issue of error.fields) {
          form.setError(fieldOf(issue.path.split('.')) as never, {
            type: 'server',
            message: issue.message,
          });
        }
      } else applyServerError(form, error);
    }
  });

  return (
    <Dialog
      side
      open={open}
      onOpenChange={(o) => !o && !busy && onClose()}
      title={promotion ? t('promotions.form.editTitle') : t('promotions.form.newTitle')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="promotion-form">
        <div className="form-grid">
          <Select
            form={form}
            name="kind"
            label={t('promotions.kind')}
            disabled={promotion !== null}
            options={ruleKinds.map((k) => ({ value: k, label: t(`promotions.kinds.${k}`) }))}
          />
          <Input
            form={form}
            name="category"
            label={t('promotions.category')}
            hint={t('promotions.form.categoryHint')}
          />
          <div className="span-2">
            <Input form={form} name="titleEn" label={t('promotions.form.title')} />
          </div>
          <div className="span-2">
            <TextArea form={form} name="contentEn" label={t('promotions.form.content')} />
          </div>
          <Input form={form} name="startsAt" type="datetime-local" label={t('promotions.starts')} />
          <Input
            form={form}
            name="endsAt"
            type="datetime-local"
            label={t('promotions.ends')}
            hint={t('promotions.form.endsHint')}
          />
        </div>
        <h3 className="form-section">{t('promotions.form.rules')}</h3>
        <div className="form-grid" data-testid="promotion-rules">
          {ruleFields[kind].map((field) =>
            field === 'wallet' ? (
              <Select
                key={field}
                form={form}
                name="rules.wallet"
                label={t('promotions.rules.wallet')}
                options={[
                  { value: 'bonus', label: t('promotions.rules.wallets.bonus') },
                  { value: 'main', label: t('promotions.rules.wallets.main') },
                ]}
              />
            ) : (
              <div key={field} className={wide.has(field) ? 'span-2' : undefined}>
                <Input
                  form={form}
                  name={`rules.${field}`}
                  label={t(`promotions.rules.${field}`)}
                  hint={hintOf(field)}
                />
              </div>
            ),
          )}
        </div>
        <h3 className="form-section">{t('promotions.form.limits')}</h3>
        <div className="form-grid">
          <Input
            form={form}
            name="budget"
            inputMode="decimal"
            label={t('promotions.budget')}
            hint={t('promotions.form.budgetHint')}
          />
          <Input
            form={form}
            name="perMemberLimit"
            inputMode="numeric"
            label={t('promotions.form.perMember')}
          />
          <Input
            form={form}
            name="vipLevels"
            label={t('promotions.form.vipLevels')}
            hint={t('promotions.form.vipLevelsHint')}
          />
          <Input form={form} name="sort" inputMode="numeric" label={t('promotions.form.sort')} />
          <Check form={form} name="newMembersOnly" label={t('promotions.form.newMembersOnly')} />
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
