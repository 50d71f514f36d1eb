import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotBuilt } from '../../../components/not-built';
import { searchParams } from '../../../lib/paths';

export type LotteryKind = 'lottery' | 'sea_lottery' | 'vn_lottery';

export function LotteryRoute({ kind }: { kind: LotteryKind }) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const gameCode = query.get(searchParams.gameCode);
  return (
    <NotBuilt
      title={t(`screens.${kind}`)}
      details={gameCode ? t('not_built.game_code', { code: gameCode }) : undefined}
    />
  );
}
