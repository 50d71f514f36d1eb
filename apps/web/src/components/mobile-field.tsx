import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';

export interface MobileFieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  error: string | null;
  countryDialingCode: string | undefined;
  maxLength?: number;
  required?: boolean;
  autoFocus?: boolean;
}

/** A mobile number after the market's dialing code (SPEC §2; the placeholder is "09"). */
export function MobileField({ countryDialingCode, required = true, ...input }: MobileFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      {...input}
      label={t('fields.mobileNum')}
      required={required}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder="09"
      prefix={countryDialingCode}
    />
  );
}
