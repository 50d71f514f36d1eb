import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="state-box" role="alert">
        <h1 className="state-title">{t('common.forbiddenTitle')}</h1>
        <p>{t('common.forbiddenText')}</p>
        <Link to="/">{t('common.backHome')}</Link>
      </div>
    </div>
  );
}
