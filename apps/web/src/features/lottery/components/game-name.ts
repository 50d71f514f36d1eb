import { useTranslation } from 'react-i18next';

/** A game's name in the player's language, else the server's name for it. */
export function useGameName() {
  const { t } = useTranslation();
  return (code: string, fallback: string) => t(`lottery.games.${code}`, { defaultValue: fallback });
}
