import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { useRedeemPointReward } from '../api/redeem-point-reward';
import { maxQuantity } from '../lib/points';
import type { PointReward, Redemption } from '../lib/types';
import { PointsFormEnd, pointsFailureText } from './points-form-end';
import { RedemptionStatusChip } from './redemption-status-chip';
import { usePointsFormat } from './use-points-format';
import { useMoney } from '../../../hooks/use-money';

/**
 * Redeeming a reward: how many, delivery details for a thing to send, and the payment password;
 * then what became of it (In Process until an operator decides).
 */
export function RedeemDialog({
  reward,
  balance,
  onClose,
  onShowHistory,
}: {
  reward: PointReward;
  balance: number;
  onClose: () => void;
  onShowHistory: () => void;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const points = usePointsFormat();
  const redeem = useRedeemPointReward();
  const [quantity, setQuantity] = useState('1');
  const [province, setProvince] = useState('');
  const [remarks, setRemarks] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ quantity?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<Redemption | null>(null);
  const most = maxQuantity(reward, balance);
  const count = /^\d{1,3}$/.test(quantity.trim()) ? Number(quantity.trim()) : 0;
  const isItem = reward.type === 'item';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (redeem.isPending) return;
    setFormError(null);
    const next: typeof errors = {};
    if (count < 1 || count > most) next.quantity = t('points.quantity_range', { max: most });
    if (password === '') next.password = t('cashier.payment_password_required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    redeem.mutate(
      {
        rewardId: reward.id,
        quantity: count,
        redeemType: isItem ? 'ITEM' : 'CASH',
        password,
        ...(isItem && province.trim() ? { province: province.trim() } : {}),
        ...(isItem && remarks.trim() ? { remarks: remarks.trim() } : {}),
      },
      {
        onSuccess: (redemption) => {
          setPassword('');
          setDone(redemption);
        },
        onError: (error) => {
          setPassword('');
          const shown = pointsFailureText(t, error);
          if ('password' in shown) setErrors(shown);
          else setFormError(shown.form);
        },
      },
    );
  };

  if (done) {
    return (
      <Modal
        title={t('points.redeem_title', { name: reward.name })}
        onClose={onClose}
        testId="redeem-dialog"
      >
        <div className="points-result" data-testid="redeem-result">
          <p className="points-result-title">
            {t('points.redeem_done', { points: points(done.points) })}
          </p>
          <p>
            <RedemptionStatusChip status={done.status} />
          </p>
          <p className="muted">
            {done.status === 'Approved'
              ? t('points.redeem_approved_note')
              : t('points.redeem_pending_note')}
          </p>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={onShowHistory}>
              {t('points.tabs.history')}
            </button>
            <button type="button" className="button button-primary" onClick={onClose}>
              {t('points.done')}
            </button>
          </div>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      title={t('points.redeem_title', { name: reward.name })}
      onClose={onClose}
      testId="redeem-dialog"
    >
      <form className="cashier-form" noValidate onSubmit={submit}>
        <dl className="info-grid">
          <div>
            <dt>{t('points.required_points')}</dt>
            <dd>{points(reward.requiredPoints)}</dd>
          </div>
          {reward.amount !== null ? (
            <div>
              <dt>{t('points.cash_amount')}</dt>
              <dd>{fmt.money(reward.amount)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('points.my_points')}</dt>
            <dd>{points(balance)}</dd>
          </div>
          <div>
            <dt>{t('points.total_cost')}</dt>
            <dd data-testid="redeem-cost">{points(reward.requiredPoints * Math.max(count, 0))}</dd>
          </div>
        </dl>
        <TextField
          label={t('points.quantity')}
          name="quantity"
          inputMode="numeric"
          autoComplete="off"
          required
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          error={errors.quantity ?? null}
          hint={t('points.quantity_range', { max: most })}
        />
        {isItem ? (
          <>
            <TextField
              label={t('points.province')}
              name="province"
              autoComplete="address-level1"
              maxLength={60}
              value={province}
              onChange={(event) => setProvince(event.target.value)}
            />
            <TextField
              label={t('points.remarks')}
              name="remarks"
              autoComplete="off"
              maxLength={140}
              value={remarks}
              onChange={(event) => setRemarks(event.target.value)}
              hint={t('points.remarks_hint')}
            />
          </>
        ) : null}
        <PointsFormEnd
          password={password}
          onPasswordChange={setPassword}
          passwordError={errors.password ?? null}
          formError={formError}
          submitLabel={t('points.confirm_redeem')}
          pending={redeem.isPending}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
