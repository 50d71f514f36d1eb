import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';

export interface UsernameFieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  error: string | null;
  maxLength?: number;
  autoFocus?: boolean;
}

/** An account's username: required, typed as it is (no capitals or spelling fixes added). */
export function UsernameField({ maxLength = 64, ...input }: UsernameFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      {...input}
      label={t('fields.username')}
      required
      autoComplete="username"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={maxLength}
    />
  );
}
