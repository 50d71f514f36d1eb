import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@taya/contracts';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { useMoney } from '../../../hooks/use-money';
import { errorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { useSessionToken } from '../../../lib/session';
import { getMyTickets, sportsKeys } from '../api';
import { OddsText } from './odds-button';
import { useMarketName, useSelectionText } from './use-labels';

/** One ticket: kind, stake, odds, potential or payout, its status, and each leg with its outcome. */
function TicketCard({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const when = useDateTimeFormat();
  const selectionText = useSelectionText();
  const marketName = useMarketName();
  return (
    <li
      className={`sb-ticket is-${ticket.status}`}
      data-testid={`ticket-${ticket.id}`}
      data-status={ticket.status}
    >
      <header className="sb-ticket-head">
        <span className="sb-ticket-kind">
          {ticket.kind === 'parlay'
            ? t('sports.my_bets.parlay', { count: ticket.legs.length })
            : t('sports.my_bets.single')}
        </span>
        <span className={`sb-badge is-${ticket.status}`}>
          {t(`sports.ticket_status.${ticket.status}`)}
        </span>
      </header>
      <ul className="sb-ticket-legs">
        {ticket.legs.map((leg) => (
          <li
            key={`${leg.market}:${leg.selection}`}
            className="sb-ticket-leg"
            data-testid="ticket-leg"
            data-outcome={leg.outcome ?? 'open'}
          >
            <span className="sb-leg-sel">
              {selectionText(leg, leg.selection, leg)} @ <OddsText odds={leg.odds} />
            </span>
            <span className="sb-leg-market">
              {marketName(leg)} · {leg.home} {t('sports.vs')} {leg.away}
            </span>
            <span className="sb-leg-end">
              {leg.score && (
                <span className="sb-leg-score">
                  {leg.score.home}–{leg.score.away}
                </span>
              )}
              <span className={`sb-badge is-${leg.outcome ?? 'open'}`}>
                {leg.outcome ? t(`sports.outcome.${leg.outcome}`) : t('sports.ticket_status.open')}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <dl className="sb-ticket-sums">
        <div>
          <dt>{t('sports.slip.stake')}</dt>
          <dd>{fmt.money(ticket.stake, ticket.currency)}</dd>
        </div>
        <div>
          <dt>{t('sports.my_bets.odds')}</dt>
          <dd>
            <OddsText odds={ticket.odds} />
          </dd>
        </div>
        <div>
          <dt>
            {ticket.payout === null ? t('sports.my_bets.potential') : t('sports.my_bets.payout')}
          </dt>
          <dd data-testid="ticket-payout">
            {fmt.money(ticket.payout ?? ticket.potential, ticket.currency)}
          </dd>
        </div>
      </dl>
      <footer className="sb-ticket-foot">
        #{ticket.id} · {when(ticket.placedAt)}
      </footer>
    </li>
  );
}

/** The member's tickets, open and settled (the 50 latest of each). */
export function MyBets() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const [status, setStatus] = useState<'open' | 'settled'>('open');
  const list = useQuery({
    queryKey: sportsKeys.tickets(token, status),
    queryFn: ({ signal }) => getMyTickets(status, signal),
    enabled: token !== null,
    staleTime: 10_000,
  });
  if (!token)
    return (
      <section className="sb-mybets" data-testid="sports-my-bets">
        <p className="sb-empty">
          <Link to={paths.login.href()}>{t('sports.my_bets.log_in')}</Link>
        </p>
      </section>
    );
  return (
    <section className="sb-mybets" data-testid="sports-my-bets">
      <div className="sb-tabs" role="tablist">
        {(['open', 'settled'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={status === s}
            className={status === s ? 'is-on' : ''}
            onClick={() => setStatus(s)}
            data-testid={`my-bets-${s}`}
          >
            {t(`sports.my_bets.${s}`)}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <div className="sb-skeleton" aria-busy="true" />
      ) : list.isError ? (
        <p className="sb-problem" role="alert">
          {errorText(t, list.error)}
        </p>
      ) : list.data.list.length === 0 ? (
        <p className="sb-empty">{t(`sports.my_bets.none_${status}`)}</p>
      ) : (
        <ul className="sb-tickets">
          {list.data.list.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} />
          ))}
        </ul>
      )}
    </section>
  );
}
