import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { hasFreePlay } from '../lib/house-games';
import type { GameCard as Game } from '../lib/types';
import { GameArt } from './game-art';
import { useGameActions } from './game-actions';

/**
 * One game: its art (icon or generated tile), name and vendor. The whole card starts the game;
 * logged-in members also get a heart beside it (a separate button, never nested in the card's).
 */
export function GameCard({ game }: { game: Game }) {
  const { t } = useTranslation();
  const { launch, playFree, launchingId, favouriteIds, toggleFavourite, vendorName } =
    useGameActions();
  const freePlay = hasFreePlay(game);
  const launching = launchingId === game.nodeId;
  const favourite = favouriteIds?.has(game.nodeId) ?? false;
  const vendor = vendorName(game.vassalage);
  const label = game.maintenance
    ? t('games.play_maintenance', { name: game.gameName })
    : t('games.play_named', { name: game.gameName });

  return (
    <li
      className={
        game.maintenance
          ? 'game-card is-maintenance'
          : freePlay
            ? 'game-card has-demo'
            : 'game-card'
      }
      data-testid="game-card"
      data-node-id={game.nodeId}
    >
      <div className="game-card-body" aria-hidden="true">
        <span className="game-card-art">
          <GameArt name={game.gameName} iconUrl={game.iconUrl} />
          {game.isNew && !game.maintenance ? (
            <span className="game-badge is-new">{t('games.new')}</span>
          ) : null}
          {game.maintenance ? (
            <span className="game-badge is-maintenance">
              <Icon name="wrench" size={14} />
              {t('games.maintenance')}
            </span>
          ) : null}
          {launching ? (
            <span className="game-card-opening">
              <span className="spinner" />
            </span>
          ) : null}
        </span>
        <span className="game-card-name">{game.gameName}</span>
        <span className="game-card-vendor">{vendor}</span>
      </div>
      {/* The button covers the card and carries its whole name, so what a voice-control user
          reads on the card is what they say; the card's text above is for the eye. */}
      <button
        type="button"
        className="game-card-play"
        aria-label={label}
        title={label}
        aria-busy={launching}
        onClick={() => launch(game)}
      />
      {freePlay ? (
        <button
          type="button"
          className="game-card-demo"
          data-testid="play-free"
          aria-label={t('games.play_free_named', { name: game.gameName })}
          title={t('games.play_free_named', { name: game.gameName })}
          onClick={() => playFree(game)}
        >
          {t('games.play_free')}
        </button>
      ) : null}
      {favouriteIds ? (
        <button
          type="button"
          className="game-card-heart"
          data-testid="favourite-toggle"
          aria-pressed={favourite}
          aria-label={t('games.favourite_named', { name: game.gameName })}
          title={t('games.favourite_named', { name: game.gameName })}
          onClick={() => toggleFavourite(game)}
        >
          <Icon name="heart" size={18} filled={favourite} />
        </button>
      ) : null}
    </li>
  );
}

/** Cards in a responsive grid that keeps one card card-sized instead of stretching it. */
export function GameGrid({ games, testId }: { games: readonly Game[]; testId?: string }) {
  return (
    <ul className="game-grid" data-testid={testId}>
      {games.map((game) => (
        <GameCard key={game.nodeId} game={game} />
      ))}
    </ul>
  );
}

/** Placeholder tiles while a list loads, the size of the cards to come. */
export function GameGridSkeleton({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <div className="game-grid-loading" role="status" aria-live="polite">
      <span className="visually-hidden">{t('app.loading')}</span>
      <ul className="game-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="game-card is-skeleton">
            <span className="game-card-art" />
            <span className="skeleton-line" />
            <span className="skeleton-line is-short" />
          </li>
        ))}
      </ul>
    </div>
  );
}
