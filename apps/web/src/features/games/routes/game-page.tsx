import { useTranslation } from 'react-i18next';
import { NotBuilt } from '../../../components/not-built';

/** Full-width pages that host a launched game (SPEC §2: no side menu). */
export type GamePageKind = 'seamless' | 'lottert' | 'vnlottery' | 'sealottery';

export function GamePageRoute({ kind }: { kind: GamePageKind }) {
  const { t } = useTranslation();
  return <NotBuilt title={t(`screens.${kind}`)} />;
}
