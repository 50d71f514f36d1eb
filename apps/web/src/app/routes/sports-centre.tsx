import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { houseSlotVendor } from '../../features/games/lib/house-games';
import { useGameList } from '../../features/games/api/get-game-list';
import { GameActionsProvider } from '../../features/games/components/game-actions';
import { GameGrid } from '../../features/games/components/game-card';
import { SportsCentre } from '../../features/sports/routes/centre-page';

/**
 * /sports and /esports: the house sportsbook, then the category's other vendors' games from the
 * catalogue (only when it has some; the house book's own tile is the page above).
 */
export function SportsCentreRoute({ family }: { family: 'sports' | 'esports' }) {
  const { t } = useTranslation();
  const titleId = useId();
  const kind = family === 'esports' ? 'ESPORTS' : 'SPORTS';
  const list = useGameList({ gameType: kind, pageNo: 1, pageSize: 60 });
  const games = (list.data?.games ?? []).filter((g) => g.vassalage !== houseSlotVendor);
  const others =
    games.length > 0 ? (
      <GameActionsProvider>
        <section className="sb-others" aria-labelledby={titleId} data-testid="sports-vendors">
          <h2 id={titleId} className="sb-others-title">
            {t('sports.other_vendors', { name: t(`categories.${kind}`) })}
          </h2>
          <GameGrid games={games} />
        </section>
      </GameActionsProvider>
    ) : null;
  return <SportsCentre family={family} others={others} />;
}
