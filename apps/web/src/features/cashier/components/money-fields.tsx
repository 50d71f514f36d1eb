import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';

/** The amount box of every money form: a decimal keypad, nothing remembered by the browser. */
export function AmountField({
  value,
  onChange,
  error,
  hint,
  action,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  hint?: string;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('cashier.amount')}
      name="amount"
      inputMode="decimal"
      autoComplete="off"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={hint}
      action={action}
    />
  );
}

/** Shared with the points mall, which asks for it too. */
export { PaymentPasswordField } from '../../../components/payment-password-field';
