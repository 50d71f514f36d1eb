import { useState } from 'react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { ConfirmDialog } from '../../components/dialog';
import { Badge } from '../../components/display';
import { ErrorState, LoadingState } from '../../components/states';
import { setVendorMaintenance, type GameVendors } from './catalogue-api';

type Vendor = GameVendors['list'][number];

/** The merchant's game vendors, each with its maintenance switch (`PUT /ops/games/maintenance`). */
export function VendorsCard({ vendors }: { vendors: UseQueryResult<GameVendors> }) {
  const { t } = useTranslation();
  const { operator } = useOperator();
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState<Vendor | null>(null);

  return (
    <section className="card" data-testid="game-vendors">
      <h2>{t('games.catalogue.vendors')}</h2>
      {vendors.isPending && <LoadingState />}
      {vendors.error && <ErrorState error={vendors.error} onRetry={() => void vendors.refetch()} />}
      {vendors.data && (
        <div className="table-scroll">
          <table className="table" aria-label={t('games.catalogue.vendors')}>
            <thead>
              <tr>
                <th scope="col">{t('games.catalogue.vendor')}</th>
                <th scope="col">{t('games.catalogue.gameType')}</th>
                <th scope="col">{t('games.catalogue.wallet')}</th>
                <th scope="col">{t('games.catalogue.status')}</th>
                <th scope="col">
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {vendors.data.list.map((v) => (
                <tr key={v.code} data-testid="game-vendor">
                  <td>
                    {v.displayName} <code className="muted">{v.code}</code>
                  </td>
                  <td>{v.gameType}</td>
                  <td>{t(`games.catalogue.walletModes.${v.walletMode}`)}</td>
                  <td>
                    {v.enabled ? (
                      <Badge tone="good">{t('games.catalogue.enabled')}</Badge>
                    ) : (
                      <Badge>{t('games.catalogue.disabled')}</Badge>
                    )}{' '}
                    {v.maintenance && <Badge tone="warn">{t('games.catalogue.maintenance')}</Badge>}
                  </td>
                  <td className="cell-actions">
                    <Can action="games.write">
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => setSwitching(v)}
                      >
                        {v.maintenance
                          ? t('games.catalogue.maintenanceEnd')
                          : t('games.catalogue.maintenanceStart')}
                      </button>
                    </Can>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={switching !== null}
        onOpenChange={(open) => !open && setSwitching(null)}
        title={
          switching?.maintenance
            ? t('games.catalogue.maintenanceEndTitle', { vendor: switching.displayName })
            : t('games.catalogue.maintenanceStartTitle', { vendor: switching?.displayName ?? '' })
        }
        description={
          switching?.maintenance
            ? t('games.catalogue.maintenanceEndText')
            : t('games.catalogue.maintenanceStartText')
        }
        confirmLabel={
          switching?.maintenance
            ? t('games.catalogue.maintenanceEnd')
            : t('games.catalogue.maintenanceStart')
        }
        tone={switching?.maintenance ? 'primary' : 'danger'}
        reason={{ minLength: 10 }}
        onConfirm={async (reason) => {
          if (!switching || !operator) return;
          await setVendorMaintenance({
            merchantCode: operator.merchantCode,
            vendor: switching.code,
            maintenance: !switching.maintenance,
            reason,
          });
          await queryClient.invalidateQueries({ queryKey: ['ops', 'games'] });
        }}
      />
    </section>
  );
}
