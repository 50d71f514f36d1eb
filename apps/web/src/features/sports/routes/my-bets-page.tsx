import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { paths } from '../../../lib/paths';
import { MyBets } from '../components/my-bets';

/** /sports/my-bets — the member's sports and e-sports tickets, open and settled. */
export function SportsMyBets() {
  const { t } = useTranslation();
  useDocumentTitle(t('sports.my_bets.title'));
  return (
    <section className="sb is-narrow" data-testid="sports-my-bets-page">
      <header className="sb-head">
        <Link className="sb-back" to={paths.sports.href()} aria-label={t('sports.back')}>
          ‹
        </Link>
        <h1 className="sb-title">{t('sports.my_bets.title')}</h1>
      </header>
      <MyBets />
    </section>
  );
}
