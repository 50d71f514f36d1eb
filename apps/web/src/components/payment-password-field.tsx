import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';

/**
 * The payment password that money calls ask for: a withdrawal, an agent's transfer, a points
 * redemption or conversion. Never remembered by the browser.
 */
export function PaymentPasswordField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('fields.paymentPassword')}
      name="paymentPassword"
      type="password"
      autoComplete="off"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
