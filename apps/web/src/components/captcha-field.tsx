import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';
import { TextField } from './text-field';
import { useCaptcha, useRefreshCaptcha } from '../lib/captcha';

export interface CaptchaFieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  error: string | null;
  required?: boolean;
}

/** The captcha answer with its image and a refresh button (at most one new image a second). */
export function CaptchaField({ required = true, ...input }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const captcha = useCaptcha(true);
  const refresh = useRefreshCaptcha();
  const image = captcha.data
    ? captcha.data.startsWith('data:')
      ? captcha.data
      : `data:image/png;base64,${captcha.data}`
    : null;

  return (
    <TextField
      {...input}
      label={t('fields.captcha')}
      required={required}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={16}
      action={
        <div className="captcha-box">
          {image ? (
            <img className="captcha-image" src={image} alt={t('auth.captcha_image')} />
          ) : (
            <span className="captcha-image captcha-placeholder" aria-live="polite">
              {captcha.isError ? t('auth.captcha_failed') : t('app.loading')}
            </span>
          )}
          <button
            type="button"
            className="icon-button"
            onClick={refresh}
            aria-label={t('auth.captcha_refresh')}
            title={t('auth.captcha_refresh')}
          >
            <Icon name="refresh" size={18} />
          </button>
        </div>
      }
    />
  );
}
