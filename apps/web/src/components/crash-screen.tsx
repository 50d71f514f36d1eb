import { useTranslation } from 'react-i18next';
import { StatusScreen } from './status-screen';

export function CrashScreen() {
  const { t } = useTranslation();
  return (
    <StatusScreen icon="offline" title={t('app.crash_title')} testId="crash-screen">
      <p className="status-message">{t('app.crash_body')}</p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => window.location.reload()}
      >
        {t('app.reload')}
      </button>
    </StatusScreen>
  );
}
