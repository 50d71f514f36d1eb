import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useAddPayoutAccount, type AddPayoutAccountBody } from '../api/add-payout-account';
import { errorText, fieldIssue } from '../lib/errors';
import type { PayoutAccount } from '../lib/types';

type Field = 'provider' | 'accountName' | 'accountNumber';

const accountNumberPattern = /^[0-9 -]{6,34}$/;

/** The payout-account form (kind, provider, account name, number) in a modal. */
export function AddPayoutAccount({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (account: PayoutAccount) => void;
}) {
  const { t } = useTranslation();
  const addAccount = useAddPayoutAccount();
  const kindLabelId = useId();
  const [kind, setKind] = useState<AddPayoutAccountBody['kind']>('bank');
  const [values, setValues] = useState<Record<Field, string>>({
    provider: '',
    accountName: '',
    accountNumber: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (field: Field) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    const provider = values.provider.trim();
    const name = values.accountName.trim();
    const number = values.accountNumber.trim();
    if (provider.length < 2 || provider.length > 60) {
      found.provider = t('cashier.provider_invalid');
    }
    if (name.length < 2 || name.length > 100) found.accountName = t('cashier.account_name_invalid');
    if (!accountNumberPattern.test(number))
      found.accountNumber = t('cashier.account_number_invalid');
    return found;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (addAccount.isPending) return;
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError(t('validation.check_fields'));
      return;
    }
    setFormError(null);
    addAccount.mutate(
      {
        kind,
        provider: values.provider.trim(),
        accountName: values.accountName.trim(),
        accountNumber: values.accountNumber.trim(),
      },
      {
        onSuccess: onAdded,
        onError: (error) => {
          if (error instanceof ApiError && error.errorCode === 'conflict') {
            setFormError(t('cashier.payout_already_bound'));
            return;
          }
          const fields: Partial<Record<Field, string>> = {};
          if (fieldIssue(error, 'provider')) fields.provider = t('cashier.provider_invalid');
          if (fieldIssue(error, 'accountName')) {
            fields.accountName = t('cashier.account_name_invalid');
          }
          if (fieldIssue(error, 'accountNumber')) {
            fields.accountNumber = t('cashier.account_number_invalid');
          }
          setErrors(fields);
          setFormError(
            Object.keys(fields).length > 0 ? t('validation.check_fields') : errorText(t, error),
          );
        },
      },
    );
  };

  return (
    <Modal title={t('cashier.add_payout_account')} onClose={onClose} closeOnCover={false}>
      <form className="cashier-form" noValidate onSubmit={submit}>
        <div className="field">
          <label id={kindLabelId} htmlFor={`${kindLabelId}-select`} className="field-label">
            {t('cashier.payout_kind_label')}
          </label>
          <div className="field-control">
            <select
              id={`${kindLabelId}-select`}
              className="field-input"
              value={kind}
              onChange={(event) => setKind(event.target.value === 'ewallet' ? 'ewallet' : 'bank')}
            >
              <option value="bank">{t('cashier.payout_kind.bank')}</option>
              <option value="ewallet">{t('cashier.payout_kind.ewallet')}</option>
            </select>
          </div>
        </div>
        <TextField
          label={t(kind === 'bank' ? 'cashier.bank_name' : 'cashier.ewallet_name')}
          name="provider"
          autoComplete="off"
          required
          maxLength={60}
          value={values.provider}
          onChange={(event) => set('provider')(event.target.value)}
          error={errors.provider ?? null}
        />
        <TextField
          label={t('cashier.account_name')}
          name="accountName"
          autoComplete="name"
          required
          maxLength={100}
          value={values.accountName}
          onChange={(event) => set('accountName')(event.target.value)}
          error={errors.accountName ?? null}
        />
        <TextField
          label={t('cashier.account_number')}
          name="accountNumber"
          inputMode="numeric"
          autoComplete="off"
          required
          maxLength={34}
          value={values.accountNumber}
          onChange={(event) => set('accountNumber')(event.target.value)}
          error={errors.accountNumber ?? null}
          hint={t('cashier.account_number_hint')}
        />
        <FormAlert message={formError} />
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('cashier.cancel')}
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={addAccount.isPending}
            aria-busy={addAccount.isPending}
          >
            {t('cashier.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
