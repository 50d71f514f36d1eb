import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BetFigures } from '../../../components/bet-figures';
import { BetTotals } from '../../../components/bet-totals';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { GameTypeFilter } from '../../../components/record-filters';
import { RecordPager } from '../../../components/record-pager';
import { Section } from '../../../components/section';
import { SelectField } from '../../../components/select-field';
import { SignedAmount } from '../../../components/signed-amount';
import { Tabs } from '../../../components/tabs';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { errorText } from '../../../lib/error-text';
import { isBetGameType } from '../../../lib/game-categories';
import { useBetRecords, type BetRecordFilter } from '../api/get-bet-records';
import { useVendorName } from '../api/get-game-vendors';
import { isPeriodPreset, periodPresets, periodRange } from '../lib/periods';
import type { BetRecord } from '../lib/types';
import { RecallList } from './recall-list';

const pageSize = 20;

const statusTone = { open: 'is-pending', settled: 'is-good', cancelled: 'is-neutral' } as const;

type RecordView = 'bets' | 'recall';

/**
 * The betting record (member centre, personalHistoryCopy): every bet the member placed, with the
 * totals over the whole filter, by game type and period (SPEC §9 presets), a page at a time; and
 * the last ten games with their draws and seeds, each verifiable here (GLI-19 recall).
 */
export function BettingRecordPanel() {
  const { t } = useTranslation();
  const [view, setView] = useState<RecordView>('bets');
  return (
    <Section
      block="cashier-section"
      title={t('member.tabs.personalHistoryCopy')}
      testId="betting-record"
    >
      <Tabs
        label={t('recall.views')}
        items={[
          { key: 'bets', label: t('recall.all_bets') },
          { key: 'recall', label: t('recall.last_games') },
        ]}
        selected={view}
        onSelect={setView}
      >
        {view === 'bets' ? <BetList /> : <RecallList />}
      </Tabs>
    </Section>
  );
}

/** Every bet, filtered and a page at a time. */
function BetList() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<string>('all');
  const [filter, setFilter] = useState<BetRecordFilter>({
    gameType: '',
    from: null,
    to: null,
    page: 1,
    size: pageSize,
  });
  const bets = useBetRecords(filter);
  const typeName = (type: string) => (isBetGameType(type) ? t(`categories.${type}`) : type);

  let body;
  if (bets.isPending) body = <PageLoader />;
  else if (bets.isError) body = <FormAlert message={errorText(t, bets.error)} />;
  else if (bets.data.list.length === 0) {
    body = (
      <p className="muted" data-testid="bets-empty">
        {t('bets.none')}
      </p>
    );
  } else {
    body = (
      <>
        <BetTotals totals={bets.data.totals} testId="bet-totals" labelled />
        <ul className="record-list" data-testid="bet-list" aria-busy={bets.isPlaceholderData}>
          {bets.data.list.map((bet) => (
            <BetRow key={bet.id} bet={bet} typeName={typeName(bet.gameType)} />
          ))}
        </ul>
      </>
    );
  }

  const page = bets.data?.page ?? filter.page;
  const hasMore = bets.data?.hasMore ?? false;

  return (
    <>
      <div className="record-filters">
        <GameTypeFilter
          value={filter.gameType}
          onChange={(gameType) => setFilter((current) => ({ ...current, gameType, page: 1 }))}
        />
        <SelectField
          label={t('cashier.period')}
          value={period}
          onChange={(event) => {
            const next = event.target.value;
            setPeriod(next);
            const range = isPeriodPreset(next) ? periodRange(next) : { from: null, to: null };
            setFilter((current) => ({ ...current, ...range, page: 1 }));
          }}
        >
          <option value="all">{t('cashier.preset.all')}</option>
          {periodPresets.map((item) => (
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
        busy={bets.isFetching}
        onPage={(next) => setFilter((current) => ({ ...current, page: next }))}
      />
    </>
  );
}

function BetRow({ bet, typeName }: { bet: BetRecord; typeName: string }) {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const vendorName = useVendorName();
  return (
    <li className="record bet-record" data-testid="bet-row" data-round-id={bet.roundId}>
      <div className="record-main">
        <span className="record-type">{bet.gameName}</span>
        {bet.status === 'settled' ? (
          <SignedAmount value={bet.winLoss} />
        ) : (
          <span className={`status-chip ${statusTone[bet.status]}`}>
            {t(`bets.status.${bet.status}`)}
          </span>
        )}
      </div>
      <div className="record-meta">
        <span className="record-wallet">
          {vendorName(bet.vendor)} · {typeName}
        </span>
        <time dateTime={bet.placedAt}>{formatTime(bet.placedAt)}</time>
      </div>
      <BetFigures bet={bet} />
    </li>
  );
}
