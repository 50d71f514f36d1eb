import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractView, OpsAgentProfile } from '@taya/contracts';
import { Can } from '../../auth/can';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { Badge, DateTime } from '../../components/display';
import { endContract } from './api';
import { decimalToMinor, showRate } from './tree';
import { formatMinor } from '../../lib/format';

const statusTone = {
  active: 'good',
  pending: 'warn',
  rejected: 'bad',
  terminated: 'neutral',
  superseded: 'neutral',
} as const;

const termsList = { margin: 0, padding: 0, listStyle: 'none' };

/** A contract's terms: each tier's rate and the minimums that reach it. */
function Terms({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  return (
    <ul style={termsList} data-testid="contract-terms">
      {contract.tiers.map((tier, i) => (
        <li key={i} className="nowrap">
          {t('agents.contracts.tierTerms', {
            rate: showRate(tier.rate),
            members: tier.minActiveMembers,
            bet: formatMinor(decimalToMinor(tier.minPeriodBet)),
          })}
        </li>
      ))}
    </ul>
  );
}

/**
 * The agent's contracts: those that pay it (`mine`, the operator's top-level ones with "End
 * contract") and those it offered its direct downline (`granted`), each with its terms.
 */
export function ContractsCard({
  profile,
  onChanged,
}: {
  profile: OpsAgentProfile;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [ending, setEnding] = useState<ContractView | null>(null);

  const columns = (side: 'mine' | 'granted'): ColumnDef<ContractView, never>[] => [
    {
      id: 'kind',
      header: t('agents.contracts.kind'),
      cell: ({ row }) => (
        <span className="nowrap">
          {t(`agents.kinds.${row.original.kind}`)}
          {row.original.period && (
            <span className="muted"> · {t(`agents.periods.${row.original.period}`)}</span>
          )}
        </span>
      ),
    },
    {
      id: 'party',
      header: t(side === 'mine' ? 'agents.contracts.from' : 'agents.contracts.to'),
      cell: ({ row }) => {
        const party = side === 'mine' ? row.original.upline : row.original.downline;
        return party ? party.username : <Badge tone="info">{t('agents.contracts.operator')}</Badge>;
      },
    },
    {
      id: 'terms',
      header: t('agents.contracts.terms'),
      cell: ({ row }) => <Terms contract={row.original} />,
    },
    {
      id: 'status',
      header: t('agents.contracts.status'),
      cell: ({ row }) => (
        <Badge tone={statusTone[row.original.status]}>
          {t(`agents.contracts.statuses.${row.original.status}`)}
        </Badge>
      ),
    },
    {
      id: 'since',
      header: t('agents.contracts.since'),
      cell: ({ row }) => <DateTime iso={row.original.activeFrom ?? row.original.requestedAt} />,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('agents.contracts.actions')}</span>,
      cell: ({ row }) =>
        side === 'mine' &&
        row.original.upline === null &&
        row.original.status === 'active' && (
          <Can action="agents.write">
            <button
              type="button"
              className="btn btn-small btn-danger"
              onClick={() => setEnding(row.original)}
            >
              {t('agents.contracts.end')}
            </button>
          </Can>
        ),
      meta: { className: 'cell-actions' },
    },
  ];

  return (
    <>
      <section className="card" aria-labelledby="contracts-mine">
        <h2 id="contracts-mine">{t('agents.contracts.mine')}</h2>
        <DataTable
          label={t('agents.contracts.mine')}
          testId="contracts-mine"
          columns={columns('mine')}
          rows={profile.contracts.mine}
          isLoading={false}
          error={null}
          rowKey={(c) => c.id}
          emptyText={t('agents.contracts.noneMine')}
        />
      </section>
      <section className="card" aria-labelledby="contracts-granted">
        <h2 id="contracts-granted">{t('agents.contracts.granted')}</h2>
        <DataTable
          label={t('agents.contracts.granted')}
          testId="contracts-granted"
          columns={columns('granted')}
          rows={profile.contracts.granted}
          isLoading={false}
          error={null}
          rowKey={(c) => c.id}
          emptyText={t('agents.contracts.noneGranted')}
        />
      </section>
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(next) => !next && setEnding(null)}
        title={t('agents.contracts.endTitle')}
        description={
          ending
            ? t('agents.contracts.endText', {
                kind: t(`agents.kinds.${ending.kind}`),
                username: profile.agent.username,
              })
            : ''
        }
        confirmLabel={t('agents.contracts.end')}
        tone="danger"
        reason={{ minLength: 3 }}
        onConfirm={async (reason) => {
          if (!ending) return;
          await endContract(ending.id, reason);
          await onChanged();
        }}
      />
    </>
  );
}
