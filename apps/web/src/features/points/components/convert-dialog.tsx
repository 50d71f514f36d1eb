import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { useRequestId } from '../../../lib/request-id';
import { useConvertPoints } from '../api/convert-points';
import { cashFor, checkConversion, type ConversionRule } from '../lib/points';
import type { ConvertPointResult } from '../lib/types';
import { PointsFormEnd, pointsFailureText } from './points-form-end';
import { usePointsFormat } from './use-points-format';
import { useMoney } from '../../../hooks/use-money';

/** Points into cash in the main wallet at the merchant's rate, with the payment password. */
export function ConvertDialog({
  rule,
  balance,
  onClose,
}: {
  rule: ConversionRule;
  balance: number;
  onClose: () => void;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const points = usePointsFormat();
  const convert = useConvertPoints();
  const requestId = useRequestId();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<ConvertPointResult | null>(null);
  const checked = checkConversion(amount, rule, balance);
  const preview = 'amount' in checked ? cashFor(checked.amount, rule) : null;

  const amountText = (problem: Exclude<typeof checked, { amount: number }>['problem']) => {
    switch (problem) {
      case 'required':
        return t('points.convert_amount_required');
      case 'invalid':
        return t('points.convert_amount_invalid');
      case 'below_min':
        return t('points.convert_min', { min: points(rule.min) });
      case 'not_multiple':
        return t('points.convert_step', { step: points(rule.step) });
      case 'over_balance':
        return t('points.errors.not_enough_points');
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (convert.isPending) return;
    setFormError(null);
    const next: typeof errors = {};
    if ('problem' in checked) next.amount = amountText(checked.problem);
    if (password === '') next.password = t('cashier.payment_password_required');
    setErrors(next);
    if (Object.keys(next).length > 0 || !('amount' in checked)) return;
    const id = requestId.take(String(checked.amount));
    convert.mutate(
      { amount: checked.amount, password, requestId: id },
      {
        onSuccess: (result) => {
          requestId.settle();
          setPassword('');
          setDone(result);
        },
        onError: (error) => {
          requestId.settle(error);
          setPassword('');
          const shown = pointsFailureText(t, error);
          if ('password' in shown) setErrors(shown);
          else setFormError(shown.form);
        },
      },
    );
  };

  return (
    <Modal title={t('points.convert_title')} onClose={onClose} testId="convert-dialog">
      {done ? (
        <div className="points-result" data-testid="convert-result">
          <p className="points-result-title">
            {t('points.convert_done', {
              points: points(done.points),
              cash: fmt.money(done.cash),
            })}
          </p>
          <p className="muted">{t('points.points_left', { points: points(done.pointBalance) })}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={onClose}>
              {t('points.done')}
            </button>
          </div>
        </div>
      ) : (
        <form className="cashier-form" noValidate onSubmit={submit}>
          <p className="muted">
            {t('points.convert_rate', {
              points: points(rule.points),
              cash: fmt.money(rule.cash),
            })}
          </p>
          <TextField
            label={t('points.convert_points')}
            name="points"
            inputMode="numeric"
            autoComplete="off"
            required
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={errors.amount ?? null}
            hint={
              preview !== null
                ? t('points.convert_preview', { cash: fmt.money(preview) })
                : amount.trim() === ''
                  ? t('points.convert_min', { min: points(rule.min) })
                  : null
            }
          />
          <PointsFormEnd
            password={password}
            onPasswordChange={setPassword}
            passwordError={errors.password ?? null}
            formError={formError}
            submitLabel={t('points.convert')}
            pending={convert.isPending}
            onCancel={onClose}
          />
        </form>
      )}
    </Modal>
  );
}
