import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="state-box">
        <h1 className="state-title">{t('common.notFoundTitle')}</h1>
        <Link to="/">{t('common.backHome')}</Link>
      </div>
    </div>
  );
}
