import { useTranslation } from 'react-i18next';
import { sanitiseHelpHtml } from '../../../lib/help-html';
import { usePromotion } from '../api/get-promotion';
import { RuleList } from './rule-list';
import { PromotionsLoadError } from './promotions-load-error';

/**
 * A promotion's detail (SPEC §2 /promotions#{id}): the operator's content, sanitised again here
 * as the help centre's is, and the rules in words.
 */
export function PromotionDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = usePromotion(id);

  if (detail.isPending) {
    return (
      <p className="muted" aria-busy="true">
        {t('promotions.loading_detail')}
      </p>
    );
  }
  if (detail.isError) {
    return <PromotionsLoadError query={detail} />;
  }
  const promotion = detail.data;
  return (
    <div className="promo-detail" data-testid="promotion-detail">
      <div
        className="promo-content"
        // Sanitised: operator HTML reduced to the help centre's allow-list.
        dangerouslySetInnerHTML={{ __html: sanitiseHelpHtml(promotion.content) }}
      />
      <h3 className="promo-rules-title">{t('promotions.rules_title')}</h3>
      <RuleList
        rules={promotion.rules}
        currency={promotion.currency}
        perMemberLimit={promotion.perMemberLimit}
      />
    </div>
  );
}
