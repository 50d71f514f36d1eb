import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmount, type MarketStatus } from '@taya/contracts';
import { decimalOddsText } from '@taya/games';
import { Can } from '../../auth/can';
import { Badge, Money } from '../../components/display';
import { patchMarket, type OpsMarket } from './sportsbook-api';
import { SelectionName } from './selection-name';
import {
  marketLineText,
  oddsDraftOf,
  oddsTextValid,
  pricesChanged,
  scaleOf,
} from './sportsbook-lib';

const statusTone: Record<MarketStatus, 'neutral' | 'good' | 'bad' | 'warn' | 'info'> = {
  open: 'good',
  suspended: 'warn',
  settled: 'info',
  void: 'bad',
};

const Amount = ({ value, currency }: { value: string; currency: string }) => (
  <Money
    minor={parseAmount(value, scaleOf(value)) ?? 0n}
    currency={currency}
    scale={scaleOf(value)}
  />
);

const factorValid = (text: string) =>
  /^\d{1,4}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 1000;

/**
 * A market in the trading table: its prices edited in place (the polled prices show beside an
 * edited input; "Save" sends every price, and the limit when it changed), suspend or reopen,
 * the limit as a percentage of the currency's max stake, liability by merchant, void.
 */
export function MarketRow({
  market,
  onAct,
  onVoid,
}: {
  market: OpsMarket;
  onAct: (work: () => Promise<unknown>) => Promise<void>;
  onVoid: () => void;
}) {
  const { t } = useTranslation();
  const live = market.status === 'open' || market.status === 'suspended';
  // null: the inputs follow the polled prices; an object: the trader's edits, kept until saved.
  const [edits, setEdits] = useState<Record<string, string> | null>(null);
  const [factorEdit, setFactorEdit] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const server = oddsDraftOf(market);
  const shown = edits ?? server;
  const factor = factorEdit ?? String(market.stakeFactor);
  const oddsDirty = edits !== null && pricesChanged(market, edits);
  const factorDirty = factorEdit !== null && factorEdit.trim() !== String(market.stakeFactor);
  const valid =
    market.selections.every((s) => oddsTextValid(shown[s.key] ?? '')) && factorValid(factor);

  const run = (work: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    void onAct(async () => {
      try {
        await work();
        after?.();
      } finally {
        setBusy(false);
      }
    });
  };
  const save = () =>
    run(
      () =>
        patchMarket(market.id, {
          odds: Object.fromEntries(market.selections.map((s) => [s.key, shown[s.key]!.trim()])),
          ...(factorDirty ? { stakeFactor: Number(factor.trim()) } : {}),
        }),
      () => {
        setEdits(null);
        setFactorEdit(null);
      },
    );
  const liability = Object.entries(market.liability);

  return (
    <tr data-testid={`market-${market.id}`} data-status={market.status}>
      <td>
        <strong>{t(`games.sportsbook.kind.${market.kind}`)}</strong>{' '}
        <span className="muted">{t(`games.sportsbook.period.${market.period}`)}</span>
        {market.line !== null && <span className="nowrap"> {marketLineText(market)}</span>}
        {market.main && (
          <>
            {' '}
            <Badge>{t('games.sportsbook.main')}</Badge>
          </>
        )}
      </td>
      <td>
        <Badge tone={statusTone[market.status]}>
          {t(`games.sportsbook.marketStatuses.${market.status}`)}
        </Badge>
      </td>
      <td>
        <div className="sportsbook-prices">
          {market.selections.map((s) => {
            const text = shown[s.key] ?? '';
            return (
              <label key={s.key} className="sportsbook-price">
                <span className="muted">
                  <SelectionName selection={s.key} />
                </span>
                {live ? (
                  <Can
                    action="sports.trade"
                    fallback={<span className="num">{server[s.key]}</span>}
                  >
                    <input
                      className="input input-small sportsbook-odds"
                      inputMode="decimal"
                      value={text}
                      aria-invalid={!oddsTextValid(text) || undefined}
                      onChange={(e) => setEdits({ ...shown, [s.key]: e.target.value })}
                      disabled={busy}
                      data-testid={`odds-input-${market.id}-${s.key}`}
                    />
                    {edits !== null && server[s.key] !== text && (
                      <span className="muted" title={t('games.sportsbook.nowTitle')}>
                        {t('games.sportsbook.now', { odds: server[s.key] })}
                      </span>
                    )}
                  </Can>
                ) : (
                  <span className="num">
                    {decimalOddsText(s.odds)}
                    {s.outcome && (
                      <span className="muted"> · {t(`games.sportsbook.outcome.${s.outcome}`)}</span>
                    )}
                  </span>
                )}
              </label>
            );
          })}
        </div>
      </td>
      <td>
        {live ? (
          <Can action="sports.trade" fallback={<span className="num">{market.stakeFactor} %</span>}>
            <label className="nowrap">
              <input
                className="input input-small sportsbook-factor"
                inputMode="numeric"
                value={factor}
                aria-label={t('games.sportsbook.limitLabel')}
                aria-invalid={!factorValid(factor) || undefined}
                onChange={(e) => setFactorEdit(e.target.value)}
                disabled={busy}
                data-testid={`market-factor-${market.id}`}
              />{' '}
              %
            </label>
          </Can>
        ) : (
          <span className="num">{market.stakeFactor} %</span>
        )}
      </td>
      <td>
        {liability.length === 0 ? (
          <span className="muted">{t('games.sportsbook.noTickets')}</span>
        ) : (
          <ul className="plain-list sportsbook-liability" data-testid={`liability-${market.id}`}>
            {liability.flatMap(([merchant, book]) =>
              book.selections.map((sel) => (
                <li
                  key={`${merchant}:${sel.key}`}
                  data-merchant={merchant}
                  data-selection={sel.key}
                >
                  <code>{merchant}</code> <SelectionName selection={sel.key} />:{' '}
                  {t('games.sportsbook.tickets', { count: sel.tickets })} ·{' '}
                  {t('games.sportsbook.stake')}{' '}
                  <Amount value={sel.stake} currency={book.currency} /> ·{' '}
                  {t('games.sportsbook.singlesReturn')}{' '}
                  <Amount value={sel.singlesReturn} currency={book.currency} />
                  {sel.parlays > 0 && (
                    <span className="muted">
                      {' '}
                      · {t('games.sportsbook.parlays', { count: sel.parlays })}
                    </span>
                  )}
                </li>
              )),
            )}
          </ul>
        )}
      </td>
      <td>
        {live && (
          <Can action="sports.trade">
            <div className="sportsbook-row-actions">
              <button
                type="button"
                className="btn btn-small btn-primary"
                onClick={save}
                disabled={busy || !valid || (!oddsDirty && !factorDirty)}
                data-testid={`market-save-${market.id}`}
              >
                {t('games.sportsbook.save')}
              </button>
              <button
                type="button"
                className="btn btn-small"
                onClick={() =>
                  run(() =>
                    patchMarket(market.id, {
                      status: market.status === 'open' ? 'suspended' : 'open',
                    }),
                  )
                }
                disabled={busy}
                data-testid={`market-suspend-${market.id}`}
              >
                {market.status === 'open'
                  ? t('games.sportsbook.suspend')
                  : t('games.sportsbook.reopen')}
              </button>
              <button
                type="button"
                className="btn btn-small btn-danger"
                onClick={onVoid}
                disabled={busy}
                data-testid={`market-void-${market.id}`}
              >
                {t('games.sportsbook.void')}
              </button>
            </div>
          </Can>
        )}
      </td>
    </tr>
  );
}
