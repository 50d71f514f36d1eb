import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotBuilt } from '../../../components/not-built';

export function PromotionsRoute() {
  const { t } = useTranslation();
  // SPEC §2: /promotions#{id} points at one promotion.
  const promotionId = decodeURIComponent(useLocation().hash.slice(1));
  return (
    <NotBuilt
      title={t('screens.promotions')}
      details={promotionId ? t('not_built.promotion', { id: promotionId }) : undefined}
    />
  );
}
