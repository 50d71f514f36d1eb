import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode, type LanguageCode } from '@taya/contracts';
import { changeLanguage, languageName, toBcp47, useCurrentLanguage } from '../lib/i18n';
import { Icon } from './icon';

export function LanguageSelect({ languages }: { languages: readonly LanguageCode[] }) {
  const { t } = useTranslation();
  const id = useId();
  const current = useCurrentLanguage();
  // Keep the active language listed even if the merchant stopped offering it.
  const options = languages.includes(current) ? languages : [current, ...languages];

  return (
    <div className="language-select">
      <label htmlFor={id}>
        <Icon name="globe" size={18} />
        <span className="menu-label">{t('settings.language')}</span>
      </label>
      <select
        id={id}
        data-testid="language-select"
        value={current}
        onChange={(event) => {
          const code = event.target.value;
          if (isLanguageCode(code)) void changeLanguage(code);
        }}
      >
        {options.map((code) => (
          <option key={code} value={code} lang={toBcp47(code)}>
            {languageName(code)}
          </option>
        ))}
      </select>
    </div>
  );
}
