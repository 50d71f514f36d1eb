import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { PaymentPasswordField } from '../../../components/payment-password-field';
import { errorText } from '../../../lib/error-text';
import { pointsFailure } from '../lib/points';

/**
 * Where a refused redemption or conversion is told: a wrong payment password under its field,
 * anything else above the buttons.
 */
export function pointsFailureText(
  t: TFunction,
  error: unknown,
): { password: string } | { form: string } {
  const failure = pointsFailure(error);
  if (failure === 'password_wrong') return { password: t('points.errors.password_wrong') };
  return { form: failure ? t(`points.errors.${failure}`) : errorText(t, error) };
}

/** The end of a points form: the payment password, what went wrong, Cancel and the submit button. */
export function PointsFormEnd({
  password,
  onPasswordChange,
  passwordError,
  formError,
  submitLabel,
  pending,
  onCancel,
}: {
  password: string;
  onPasswordChange: (value: string) => void;
  passwordError: string | null;
  formError: string | null;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PaymentPasswordField value={password} onChange={onPasswordChange} error={passwordError} />
      <FormAlert message={formError} />
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('points.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
