import { useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotBuilt } from '../../../components/not-built';
import { Tabs } from '../../../components/tabs';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import {
  memberCentreTabs,
  memberTabs,
  paths,
  searchParams,
  type MemberCentreTab,
} from '../../../lib/paths';

function isMemberCentreTab(value: string | null): value is MemberCentreTab {
  return (memberCentreTabs as readonly (string | null)[]).includes(value);
}

/**
 * The member centre (/member?tab=…). The screens themselves (and the tabs' count badges) belong
 * to other features, so the app passes them in; a tab with no screen yet says so plainly rather than showing invented
 * content.
 */
export function MemberCentreRoute({
  panels,
  badges = {},
}: {
  panels: Partial<Record<MemberCentreTab, ReactNode>>;
  /** Red count badges beside tab names (SPEC §2: mission, message and reward items). */
  badges?: Partial<Record<MemberCentreTab, ReactNode>>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [params, setParams] = useSearchParams();
  const built = memberCentreTabs.filter((tab) => panels[tab] !== undefined);
  const requested = params.get(searchParams.tab);
  const fallback: MemberCentreTab = built.includes(memberTabs.deposit)
    ? memberTabs.deposit
    : (built[0] ?? memberTabs.deposit);
  const tab: MemberCentreTab = isMemberCentreTab(requested) ? requested : fallback;
  const panel = panels[tab];
  const tabName = t(`member.tabs.${tab}`);
  useDocumentTitle(panel === undefined ? t('screens.member_centre') : tabName);

  if (panel === undefined) {
    return (
      <>
        <NotBuilt title={t('screens.member_centre')} details={tabName} />
        {built.length > 0 ? (
          <nav className="member-links" aria-label={t('screens.member_centre')}>
            {built.map((key) => (
              <Link key={key} className="button button-secondary" to={paths.member.href(key)}>
                {t(`member.tabs.${key}`)}
                {badges[key]}
              </Link>
            ))}
          </nav>
        ) : null}
      </>
    );
  }

  const select = (next: MemberCentreTab) => {
    // Only the tab travels: return notices (a paid deposit) belong to the tab they came with.
    setParams({ [searchParams.tab]: next });
  };

  return (
    <section className="member-centre" aria-labelledby={titleId} data-testid="member-centre">
      <h1 id={titleId} className="member-title">
        {t('screens.member_centre')}
      </h1>
      <Tabs
        label={t('screens.member_centre')}
        items={built.map((key) => ({ key, label: t(`member.tabs.${key}`), badge: badges[key] }))}
        selected={tab}
        onSelect={select}
      >
        {panel}
      </Tabs>
    </section>
  );
}
