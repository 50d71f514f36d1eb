import { useTranslation } from 'react-i18next';

/** The popups' responsible-gaming note: players must be 18 or older (SPEC §1). */
export function ResponsibleGaming() {
  const { t } = useTranslation();
  return (
    <p className="responsible-note">
      <span className="age-badge" aria-hidden="true">
        18+
      </span>
      <span>{t('auth.responsible_gaming')}</span>
    </p>
  );
}
