import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotBuilt } from '../../../components/not-built';
import { searchParams } from '../../../lib/paths';

/** Categories shown as a list of games, filtered by vendor for RNG (SPEC §2). */
export type GameListKind = 'LIVE' | 'FISH' | 'RNG' | 'PVP' | 'HOT';

export function GameListCentreRoute({ kind }: { kind: GameListKind }) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const vendor = kind === 'RNG' ? query.get(searchParams.vassalage) : null;
  return (
    <NotBuilt
      title={t(`categories.${kind}`)}
      details={vendor ? t('not_built.vendor', { code: vendor }) : undefined}
    />
  );
}
