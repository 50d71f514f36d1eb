import { useEffect, useId, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { usePromotions } from '../api/get-promotions';
import { PromotionCard } from '../components/promotion-card';
import { PromotionsLoadError } from '../components/promotions-load-error';

const allCategories = '';

/** A category's name: the catalogue's when it has one, else the operator's code made readable. */
function useCategoryName() {
  const { t, i18n } = useTranslation();
  return (category: string) => {
    const key = `promotions.category.${category}`;
    if (i18n.exists(key)) return t(key as 'promotions.category.deposit');
    const words = category.replace(/_/g, ' ');
    return words.charAt(0).toUpperCase() + words.slice(1);
  };
}

/**
 * /promotions (SPEC §2): the merchant's promotions as cards under category tabs taken from the
 * data, each with its state for the caller. /promotions#{id} scrolls to that promotion and opens
 * its detail; opening or closing a detail writes the anchor, so it can be shared.
 */
export function PromotionsRoute() {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const openId = decodeURIComponent(hash.slice(1)) || null;
  const promotions = usePromotions();
  const categoryName = useCategoryName();
  const [category, setCategory] = useState(allCategories);
  useDocumentTitle(t('screens.promotions'));

  const list = useMemo(() => promotions.data ?? [], [promotions.data]);
  const categories = useMemo(() => [...new Set(list.map((p) => p.category))], [list]);
  const anchored = openId ? list.find((p) => p.id === openId) : undefined;
  // The anchored promotion is always on screen, whichever tab was chosen before.
  const shownCategory =
    anchored && category !== allCategories && anchored.category !== category
      ? allCategories
      : category;
  const shown =
    shownCategory === allCategories ? list : list.filter((p) => p.category === shownCategory);

  useEffect(() => {
    if (!anchored) return;
    document.getElementById(anchored.id)?.scrollIntoView({ block: 'start' });
  }, [anchored]);

  const toggle = (id: string) => {
    void navigate({ hash: openId === id ? '' : encodeURIComponent(id) }, { replace: true });
  };

  let body;
  if (promotions.isPending) {
    body = (
      <p className="muted" aria-busy="true">
        {t('promotions.loading')}
      </p>
    );
  } else if (promotions.isError) {
    body = <PromotionsLoadError query={promotions} />;
  } else if (list.length === 0) {
    body = (
      <p className="muted" data-testid="promotions-empty">
        {t('promotions.none')}
      </p>
    );
  } else {
    body = (
      <>
        {categories.length > 1 ? (
          <div
            className="vendor-filter promo-tabs"
            role="group"
            aria-label={t('promotions.categories')}
          >
            <button
              type="button"
              className="chip"
              aria-pressed={shownCategory === allCategories}
              onClick={() => setCategory(allCategories)}
            >
              {t('promotions.all')}
            </button>
            {categories.map((key) => (
              <button
                key={key}
                type="button"
                className="chip"
                aria-pressed={shownCategory === key}
                data-testid={`promotion-category-${key}`}
                onClick={() => setCategory(key)}
              >
                {categoryName(key)}
              </button>
            ))}
          </div>
        ) : null}
        {openId && !anchored ? (
          <p className="cashier-warning" role="status">
            {t('promotions.not_found')}
          </p>
        ) : null}
        <ul className="promo-list" data-testid="promotion-list">
          {shown.map((promotion) => (
            <PromotionCard
              key={promotion.id}
              promotion={promotion}
              open={promotion.id === openId}
              onToggle={() => toggle(promotion.id)}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <section className="promotions-page" aria-labelledby={titleId} data-testid="promotions-page">
      <h1 id={titleId} className="member-title">
        {t('screens.promotions')}
      </h1>
      {body}
    </section>
  );
}
