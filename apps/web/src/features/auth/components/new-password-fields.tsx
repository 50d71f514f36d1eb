import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldRule } from '@taya/contracts';
import { TextField } from '../../../components/text-field';
import { ruleText } from '../../../lib/forms/field-messages';

type Name = 'newPassword' | 'confirmNewPassword';

interface FormBinding {
  bind(name: Name): {
    name: string;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
  };
  shownError(name: Name, clientError: string | null | undefined): string | null;
}

/**
 * The new password and its confirmation, as the change and reset forms ask for them: the
 * merchant's password rule shows as a hint until there is an error to show instead.
 */
export function NewPasswordFields({
  form,
  errors,
  rule,
}: {
  form: FormBinding;
  errors: Partial<Record<Name, string | null>>;
  rule: FieldRule;
}) {
  const { t } = useTranslation();
  const newPasswordError = form.shownError('newPassword', errors.newPassword);
  return (
    <>
      <TextField
        {...form.bind('newPassword')}
        label={t('fields.newPassword')}
        type="password"
        required
        autoComplete="new-password"
        maxLength={128}
        hint={newPasswordError ? null : ruleText(t, rule)}
        error={newPasswordError}
      />
      <TextField
        {...form.bind('confirmNewPassword')}
        label={t('fields.confirmNewPassword')}
        type="password"
        required
        autoComplete="new-password"
        maxLength={128}
        error={form.shownError('confirmNewPassword', errors.confirmNewPassword)}
      />
    </>
  );
}
