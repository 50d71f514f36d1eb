import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseMutationResult } from '@tanstack/react-query';
import { FormAlert } from '../../../components/form-alert';
import type { UplineTransferBody } from '../api/transfer-to-upline';
import { errorText, fieldIssue } from '../lib/errors';
import { amountProblem, balanceToAmount, wireAmount } from '../lib/money';
import { useRequestId } from '../lib/request-id';
import type { AgentTransfer } from '../lib/types';
import { AmountField, PaymentPasswordField } from './money-fields';
import { useMoney } from '../../../hooks/use-money';

type Field = 'amount' | 'paymentPassword';

/**
 * The state and checks of an agent's transfer, to the upline or to a direct subordinate: the
 * amount (up to the balance) and the payment password, sent under a request id kept for a retry,
 * and the server's refusal shown by field or as a whole.
 */
export function useAgentTransferForm<Body extends UplineTransferBody>({
  balance,
  counterparty,
  transfer,
  toBody,
  sentMessage,
}: {
  /** The agent's balance, the most they can send; null while it loads. */
  balance: string | null;
  /** Who receives the money (username). */
  counterparty: string;
  transfer: UseMutationResult<AgentTransfer, Error, Body>;
  /** The call's body from the form's. */
  toBody: (body: UplineTransferBody) => Body;
  sentMessage: 'cashier.upline_sent' | 'cashier.downline_sent';
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const requestId = useRequestId();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (transfer.isPending || balance === null) return;
    setFormError(null);
    setDone(null);
    const next: Partial<Record<Field, string>> = {};
    const problem = amountProblem(amount, '0', balanceToAmount(balance) || '0');
    if (problem === 'required') next.amount = t('cashier.amount_required');
    else if (problem === 'invalid') next.amount = t('cashier.amount_invalid');
    else if (problem === 'range') next.amount = t('errors.insufficient_funds');
    if (password === '') next.paymentPassword = t('cashier.payment_password_required');
    setErrors(next);
    if (Object.keys(next).length > 0) {
      setFormError(t('validation.check_fields'));
      return;
    }

    const sent = wireAmount(amount);
    transfer.mutate(
      // The password is left out of the id's key: it is typed again for every try.
      toBody({
        requestId: requestId.take(`${counterparty}:${sent}`),
        amount: sent,
        paymentPassword: password,
      }),
      {
        onSuccess: (result) => {
          requestId.settle();
          setAmount('');
          setPassword('');
          setDone(
            t(sentMessage, {
              amount: fmt.money(result.amount),
              name: result.counterparty || counterparty,
            }),
          );
        },
        onError: (error) => {
          requestId.settle(error);
          setPassword('');
          const fields: Partial<Record<Field, string>> = {};
          if (fieldIssue(error, 'amount')) fields.amount = t('cashier.amount_invalid');
          if (fieldIssue(error, 'paymentPassword')) {
            fields.paymentPassword = t('cashier.payment_password_wrong');
          }
          setErrors(fields);
          setFormError(
            Object.keys(fields).length > 0 ? t('validation.check_fields') : errorText(t, error),
          );
        },
      },
    );
  };

  return {
    amount,
    setAmount,
    password,
    setPassword,
    errors,
    formError,
    done,
    submit,
    pending: transfer.isPending,
  };
}

/** The form of `useAgentTransferForm`: `children` above the amount and password. */
export function AgentTransferForm({
  form,
  submitLabel,
  onClose,
  testId,
  children,
}: {
  form: ReturnType<typeof useAgentTransferForm>;
  submitLabel: string;
  /** In a dialog: a cancel button (close, once sent) beside the submit. */
  onClose?: () => void;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { amount, setAmount, password, setPassword, errors, formError, done, submit } = form;

  const submitButton = (block: boolean) => (
    <button
      type="submit"
      className={block ? 'button button-primary button-block' : 'button button-primary'}
      disabled={form.pending}
      aria-busy={form.pending}
    >
      {submitLabel}
    </button>
  );

  return (
    <form className="cashier-form" noValidate onSubmit={submit} data-testid={testId}>
      {children}
      <AmountField value={amount} onChange={setAmount} error={errors.amount ?? null} />
      <PaymentPasswordField
        value={password}
        onChange={setPassword}
        error={errors.paymentPassword ?? null}
      />
      <FormAlert message={formError} />
      <FormAlert tone="success" message={done} />
      {onClose ? (
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {done ? t('app.close') : t('account.cancel')}
          </button>
          {submitButton(false)}
        </div>
      ) : (
        submitButton(true)
      )}
    </form>
  );
}
