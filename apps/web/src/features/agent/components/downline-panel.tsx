import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { RecordPager } from '../../../components/record-pager';
import { Section } from '../../../components/section';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { errorText } from '../../../lib/error-text';
import { useSessionToken } from '../../../lib/session';
import { useContracts } from '../api/get-contracts';
import { useSubordinates, type SubordinateFilter } from '../api/get-subordinates';
import { useProcessContract } from '../api/process-contract';
import { contractKindOrder } from '../lib/contracts';
import { formatCount } from '../lib/format';
import { agentKeys } from '../lib/query-keys';
import { formatRate } from '../lib/rates';
import type { Contract, Subordinate } from '../lib/types';
import { ContractOfferDialog } from './contract-offer-dialog';
import { ContractStatusChip, TerminateContractDialog, useContractName } from './contract-parts';
import { ContractsToMe } from './contracts-to-me';
import { LoadError } from './load-state';
import { MemberRowMain } from './member-type-chip';
import { TeamBreadcrumb, type Crumb } from './team-breadcrumb';
import { useMoney } from '../../../hooks/use-money';

const pageSize = 20;

/** A downline transfer's screen belongs to the cashier; the app passes it in. */
export type RenderTransfer = (target: { username: string }, onClose: () => void) => ReactNode;

type Dialog =
  | { type: 'offer'; subordinate: Subordinate }
  | { type: 'terminate'; contract: Contract }
  | { type: 'transfer'; subordinate: Subordinate };

/**
 * downlineManagmentView: my direct subordinates, with a path down into any sub-agent's line and
 * back, and a search across my whole team. A direct sub-agent shows the contracts I granted it
 * and takes new offers; a direct subordinate can receive a transfer. Below: the contracts
 * offered to me.
 */
export function DownlinePanel({
  timeZone,
  renderTransfer,
}: {
  timeZone: string;
  renderTransfer?: RenderTransfer;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const [trail, setTrail] = useState<Crumb[]>([]);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const contracts = useContracts();
  const process = useProcessContract();
  const contractName = useContractName();

  const filter: SubordinateFilter = search
    ? { mode: 'SELF', name: search, page, size: pageSize }
    : { mode: 'DIRECT', parentId: trail.at(-1)?.id ?? null, page, size: pageSize };
  const subordinates = useSubordinates(filter);
  // Rows are mine directly only at the top of my own line (a search starts there too).
  const atMyLevel = search !== '' || trail.length === 0;

  const granted = contracts.data?.granted ?? [];
  const mine = contracts.data?.mine ?? [];
  const grantedTo = (id: string) => granted.filter((contract) => contract.downline.id === id);

  const goTo = (next: Crumb[]) => {
    setTrail(next);
    setSearch('');
    setPage(1);
  };

  const openDialog = (next: Dialog) => {
    setDialogError(null);
    setMessage(null);
    setDialog(next);
  };

  const terminate = (contract: Contract) => {
    process.mutate(
      { kind: contract.kind, body: { action: 'C', contractId: contract.id } },
      {
        onSuccess: () => {
          setDialog(null);
          setMessage(t('agent.contract.terminated', { kind: contractName(contract) }));
        },
        onError: (error) => setDialogError(errorText(t, error)),
      },
    );
  };

  let body;
  if (subordinates.isPending) body = <PageLoader />;
  else if (subordinates.isError)
    body = <LoadError error={subordinates.error} onRetry={() => void subordinates.refetch()} />;
  else if (subordinates.data.list.length === 0) {
    body = (
      <p className="muted" data-testid="downline-empty">
        {search ? t('agent.downline.no_match', { name: search }) : t('agent.downline.none')}
      </p>
    );
  } else {
    body = (
      <ul
        className="record-list"
        data-testid="downline-list"
        aria-busy={subordinates.isPlaceholderData}
      >
        {subordinates.data.list.map((row) => (
          <DownlineRow
            key={row.id}
            row={row}
            direct={atMyLevel && row.depth === 1}
            granted={grantedTo(row.id)}
            contractsLoaded={contracts.isSuccess}
            timeZone={timeZone}
            canTransfer={renderTransfer !== undefined}
            onOpen={() => goTo([...(search ? [] : trail), { id: row.id, username: row.username }])}
            onOffer={() => openDialog({ type: 'offer', subordinate: row })}
            onTerminate={(contract) => openDialog({ type: 'terminate', contract })}
            onTransfer={() => openDialog({ type: 'transfer', subordinate: row })}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="agent-stack">
      <Section block="agent-section" title={t('agent.downline.title')} testId="downline">
        <DownlineSearch
          active={search}
          onSearch={(name) => {
            setSearch(name);
            setPage(1);
          }}
        />
        {search ? (
          <p className="agent-note" data-testid="downline-search-note">
            {t('agent.downline.search_results', { name: search })}
          </p>
        ) : (
          <TeamBreadcrumb trail={trail} onGo={goTo} testId="downline-breadcrumb" />
        )}
        {contracts.isError ? <FormAlert message={errorText(t, contracts.error)} /> : null}
        <FormAlert tone="success" message={message} />
        {body}
        <RecordPager
          page={subordinates.data?.page ?? page}
          hasMore={subordinates.data?.hasMore ?? false}
          busy={subordinates.isFetching}
          onPage={setPage}
        />
      </Section>

      {contracts.isSuccess ? (
        <ContractsToMe mine={mine} granted={granted} timeZone={timeZone} />
      ) : contracts.isPending ? (
        <PageLoader />
      ) : null}

      {dialog?.type === 'offer' ? (
        <ContractOfferDialog
          subordinate={dialog.subordinate}
          mine={mine}
          granted={grantedTo(dialog.subordinate.id)}
          onClose={() => setDialog(null)}
          onDone={(text) => {
            setDialog(null);
            setMessage(text);
          }}
        />
      ) : null}

      {dialog?.type === 'terminate' ? (
        <TerminateContractDialog
          contract={dialog.contract}
          name={dialog.contract.downline.username}
          busy={process.isPending}
          error={dialogError}
          onConfirm={() => terminate(dialog.contract)}
          onClose={() => setDialog(null)}
        />
      ) : null}

      {dialog?.type === 'transfer' && renderTransfer
        ? renderTransfer({ username: dialog.subordinate.username }, () => {
            setDialog(null);
            // The row shows the subordinate's balance, which the transfer changed.
            void queryClient.invalidateQueries({ queryKey: agentKeys.subordinates(token) });
          })
        : null}
    </div>
  );
}

function DownlineSearch({
  active,
  onSearch,
}: {
  active: string;
  onSearch: (name: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(active);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <form className="agent-search" role="search" onSubmit={submit} data-testid="downline-search">
      <label htmlFor={id} className="field-label">
        {t('agent.downline.search_label')}
      </label>
      <div className="agent-search-row">
        <div className="field-control">
          <input
            id={id}
            type="search"
            className="field-input"
            value={text}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={t('agent.downline.search_placeholder')}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <button type="submit" className="button button-primary">
          {t('agent.downline.search')}
        </button>
        {active ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            {t('agent.downline.clear')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function DownlineRow({
  row,
  direct,
  granted,
  contractsLoaded,
  timeZone,
  canTransfer,
  onOpen,
  onOffer,
  onTerminate,
  onTransfer,
}: {
  row: Subordinate;
  direct: boolean;
  granted: Contract[];
  contractsLoaded: boolean;
  timeZone: string;
  canTransfer: boolean;
  onOpen: () => void;
  onOffer: () => void;
  onTerminate: (contract: Contract) => void;
  onTransfer: () => void;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat(timeZone);
  const contractName = useContractName();
  const byKind = contractKindOrder.flatMap((kind) =>
    granted.filter((contract) => contract.kind === kind),
  );

  return (
    <li
      className="record downline-row"
      data-testid="downline-row"
      data-username={row.username}
      data-direct={direct ? 'true' : 'false'}
    >
      <MemberRowMain username={row.username} nickname={row.nickname} isAgent={row.isAgent} />
      <dl className="bet-figures">
        <div>
          <dt>{t('agent.downline.team_size')}</dt>
          <dd>{formatCount(row.teamSize)}</dd>
        </div>
        <div>
          <dt>{t('agent.downline.balance')}</dt>
          <dd>{fmt.money(row.balance)}</dd>
        </div>
        <div>
          <dt>{t('agent.downline.registered')}</dt>
          <dd>
            <time dateTime={row.registeredAt}>{formatTime(row.registeredAt)}</time>
          </dd>
        </div>
        {!direct ? (
          <div>
            <dt>{t('agent.downline.level')}</dt>
            <dd>{row.depth}</dd>
          </div>
        ) : null}
      </dl>

      {direct && row.isAgent && contractsLoaded ? (
        <div className="downline-contracts" data-testid="downline-contracts">
          <p className="downline-contracts-title">{t('agent.downline.contracts')}</p>
          {byKind.length === 0 ? (
            <p className="muted">{t('agent.downline.no_contracts')}</p>
          ) : (
            <ul className="downline-contract-list">
              {byKind.map((contract) => (
                <li
                  key={contract.id}
                  data-testid="downline-contract"
                  data-kind={contract.kind}
                  data-status={contract.status}
                >
                  <span>{contractName(contract)}</span>
                  <span>{formatRate(contract.maxRate)}</span>
                  <ContractStatusChip status={contract.status} />
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    data-testid="downline-contract-terminate"
                    onClick={() => onTerminate(contract)}
                  >
                    {contract.status === 'pending'
                      ? t('agent.contract.withdraw_offer')
                      : t('agent.contract.terminate')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}

      <div className="agent-actions">
        {row.isAgent && row.teamSize > 0 ? (
          <button
            type="button"
            className="button button-secondary button-small"
            data-testid="downline-open"
            onClick={onOpen}
          >
            {t('agent.downline.open', { name: row.username })}
          </button>
        ) : null}
        {direct && row.isAgent && contractsLoaded ? (
          <button
            type="button"
            className="button button-primary button-small"
            data-testid="downline-offer"
            onClick={onOffer}
          >
            {t('agent.downline.offer')}
          </button>
        ) : null}
        {direct && canTransfer ? (
          <button
            type="button"
            className="button button-secondary button-small"
            data-testid="downline-transfer"
            onClick={onTransfer}
          >
            {t('agent.downline.transfer')}
          </button>
        ) : null}
      </div>
    </li>
  );
}
