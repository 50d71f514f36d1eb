import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import {
  TransactionTypeFilter,
  useTransactionTypeName,
  type TransactionType,
} from '../../../components/record-filters';
import { RecordPager } from '../../../components/record-pager';
import { Section } from '../../../components/section';
import { SelectField } from '../../../components/select-field';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { useMerchantWallets } from '../api/get-merchant-wallets';
import { useTransactions, type TransactionFilter } from '../api/get-transactions';
import { errorText } from '../lib/errors';
import { signedMinor } from '../lib/money';
import type { Transaction } from '../lib/types';
import { useMoney } from '../../../hooks/use-money';

/** The transaction types the filter offers (the server's names); '' is every type. */
export const transactionTypes = [
  'deposit',
  'withdrawal_hold',
  'withdrawal',
  'withdrawal_received',
  'withdrawal_return',
  'agent_transfer',
  'vendor_transfer',
  'vendor_transfer_reversal',
  'bet',
  'win',
  'bet_rollback',
  'jackpot_win',
  'promotion_bonus',
  'promotion_rebate',
  'mission_reward',
  'bonus_release',
  'points_reward',
  'points_convert',
  'agent_commission',
] as const satisfies readonly TransactionType[];

/** SPEC §9 date presets (only the "last" ones make sense for a history), plus everything. */
const presets = ['all', 'last7', 'last30'] as const;
type Preset = (typeof presets)[number];
const presetDays: Record<Exclude<Preset, 'all'>, number> = { last7: 7, last30: 30 };

const pageSize = 20;

/** From local midnight `days - 1` days ago (today counts) to local midnight tomorrow. */
function presetRange(preset: Preset): { from: string | null; to: string | null } {
  if (preset === 'all') return { from: null, to: null };
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  start.setDate(start.getDate() - (presetDays[preset] - 1));
  return { from: start.toISOString(), to: end.toISOString() };
}

export function AccountRecordPanel() {
  const { t } = useTranslation();
  const [preset, setPreset] = useState<Preset>('all');
  const [filter, setFilter] = useState<TransactionFilter>({
    type: '',
    from: null,
    to: null,
    page: 1,
    size: pageSize,
  });
  const transactions = useTransactions(filter);
  const merchantWallets = useMerchantWallets();

  const typeName = useTransactionTypeName();
  const walletName = (row: Transaction) => {
    if (row.wallet !== 'vendor') return t(`cashier.wallet_kind.${row.wallet}`);
    const vendor = merchantWallets.data?.wallets.find(
      (item) => item.accountTypeId === row.accountTypeId,
    );
    return vendor?.name ?? t('cashier.wallet_kind.vendor');
  };

  let body;
  if (transactions.isPending) body = <PageLoader />;
  else if (transactions.isError) body = <FormAlert message={errorText(t, transactions.error)} />;
  else if (transactions.data.list.length === 0) {
    body = <p className="muted">{t('cashier.no_transactions')}</p>;
  } else {
    body = (
      <ul
        className="record-list"
        data-testid="transaction-list"
        aria-busy={transactions.isPlaceholderData}
      >
        {transactions.data.list.map((row) => (
          <TransactionRow
            key={row.id}
            row={row}
            typeName={typeName(row.type)}
            walletName={walletName(row)}
          />
        ))}
      </ul>
    );
  }

  const page = transactions.data?.page ?? filter.page;
  const hasMore = transactions.data?.hasMore ?? false;

  return (
    <Section block="cashier-section" title={t('cashier.account_record')} testId="account-record">
      <div className="record-filters">
        <TransactionTypeFilter
          types={transactionTypes}
          value={filter.type}
          onChange={(type) => setFilter((current) => ({ ...current, type, page: 1 }))}
        />
        <SelectField
          label={t('cashier.period')}
          value={preset}
          onChange={(event) => {
            const next = presets.find((item) => item === event.target.value) ?? 'all';
            setPreset(next);
            setFilter((current) => ({ ...current, ...presetRange(next), page: 1 }));
          }}
        >
          {presets.map((item) => (
            <option key={item} value={item}>
              {t(`cashier.preset.${item}`)}
            </option>
          ))}
        </SelectField>
      </div>

      {body}

      <RecordPager
        page={page}
        hasMore={hasMore}
        busy={transactions.isFetching}
        onPage={(next) => setFilter((current) => ({ ...current, page: next }))}
      />
    </Section>
  );
}

function TransactionRow({
  row,
  typeName,
  walletName,
}: {
  row: Transaction;
  typeName: string;
  walletName: string;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const minor = signedMinor(row.amount) ?? 0n;
  // A withdrawal's later steps move money that already left the main wallet when it was
  // requested: they show as progress (no sign, no colour), so nothing looks paid twice.
  const progress = row.wallet === 'withdrawal_hold' || row.wallet === 'withdrawal_sent';
  const tone = progress ? 'is-progress' : minor > 0n ? 'is-credit' : minor < 0n ? 'is-debit' : '';
  const shown = progress
    ? fmt.money(row.amount.replace(/^-/, ''))
    : `${minor > 0n ? '+' : ''}${fmt.money(row.amount)}`;
  return (
    <li className="record" data-testid="transaction-row">
      <div className="record-main">
        <span className="record-type">{typeName}</span>
        <span className={`record-amount ${tone}`}>{shown}</span>
      </div>
      <div className="record-meta">
        <span className="record-wallet" data-testid="transaction-wallet">
          {walletName}
        </span>
        <span>
          {t('cashier.balance_after')}: {fmt.money(row.balanceAfter)}
        </span>
      </div>
      <div className="record-meta">
        <time dateTime={row.time}>{formatTime(row.time)}</time>
        {row.reference ? <span className="record-reference">{row.reference}</span> : null}
      </div>
    </li>
  );
}
