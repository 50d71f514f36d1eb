import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../../auth/operator-context';
import { Field } from '../../components/form';
import { fetchMerchantPromotions, type PromotionList } from './settings-api';

type Promotion = PromotionList['list'][number];

/** A promotion's title in English, else in its first language, else its id. */
export const promotionTitle = (p: Promotion) => p.title.en ?? Object.values(p.title)[0] ?? p.id;

/**
 * The promotion a bonus is granted under: a list of the merchant's enabled promotions for a role
 * that may read them, else (or while they fail to load) the id typed by hand.
 */
export function PromotionPicker({
  merchantCode,
  value,
  onChange,
}: {
  merchantCode: string;
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { may } = useOperator();
  const allowed = may('promotions.read');
  const promotions = useQuery({
    queryKey: ['ops', 'promotions', 'picker', merchantCode],
    queryFn: ({ signal }) => fetchMerchantPromotions(merchantCode, signal),
    enabled: allowed,
  });
  const list = promotions.data?.list.filter((p) => p.enabled);

  if (!allowed || promotions.error) {
    return (
      <Field label={t('players.promotionId')}>
        {({ id }) => (
          <input
            id={id}
            className="input"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Field>
    );
  }
  return (
    <Field
      label={t('players.promotion')}
      {...(list && list.length === 0 ? { hint: t('players.promotionNone') } : {})}
    >
      {({ id, describedBy }) => (
        <select
          id={id}
          className="input"
          aria-describedby={describedBy}
          value={value}
          disabled={!list}
          onChange={(e) => onChange(e.target.value)}
          data-testid="promotion-picker"
        >
          <option value="">
            {list ? t('players.promotionChoose') : t('players.promotionLoading')}
          </option>
          {list?.map((p) => (
            <option key={p.id} value={p.id}>
              {promotionTitle(p)} ({p.kind})
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
