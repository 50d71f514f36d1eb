import { useTranslation } from 'react-i18next';
import { NotBuilt } from '../../../components/not-built';

/** Categories whose vendor launches one game centre rather than a list of games (SPEC §2). */
export type GameCentreKind = 'SPORTS' | 'ESPORTS' | 'LOTT' | 'ELOTT';

export function GameCentreRoute({ kind }: { kind: GameCentreKind }) {
  const { t } = useTranslation();
  return <NotBuilt title={t(`categories.${kind}`)} />;
}
