import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ODDS_FORMATS, type OddsFormat } from '@taya/games';
import type { SportsLimits } from '@taya/contracts';
import { setOddsFormat, useOddsFormat } from '../lib/store';
import { useSportsFeed } from '../use-sports-feed';
import { BetSlip } from './bet-slip';

/** The odds format the player reads prices in (kept on the device). */
export function OddsFormatSelect() {
  const { t } = useTranslation();
  const format = useOddsFormat();
  return (
    <label className="sb-format">
      <span className="visually-hidden">{t('sports.odds_format')}</span>
      <select
        value={format}
        onChange={(e) => setOddsFormat(e.target.value as OddsFormat)}
        data-testid="odds-format"
        aria-label={t('sports.odds_format')}
      >
        {ODDS_FORMATS.map((f) => (
          <option key={f} value={f}>
            {t(`sports.format.${f}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The sandbox feed's label: these matches are simulated, not real ones. */
export function SimulatedBadge() {
  const { t } = useTranslation();
  return (
    <span
      className="sb-simulated"
      data-testid="sports-simulated"
      title={t('sports.simulated_hint')}
    >
      {t('sports.simulated')}
    </span>
  );
}

/**
 * A sportsbook page: its header (title, the simulated label, the odds format, whether the feed is
 * up), the page itself and the bet slip beside it (a drawer on phones). The feed runs while it is
 * on screen.
 */
export function BookFrame({
  title,
  simulated,
  limits,
  back,
  children,
  testId,
}: {
  title: ReactNode;
  simulated: boolean;
  limits: SportsLimits | undefined;
  back?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const online = useSportsFeed();
  return (
    <section className="sb" data-testid={testId}>
      <header className="sb-head">
        {back}
        <h1 className="sb-title">{title}</h1>
        {simulated && <SimulatedBadge />}
        <span className="sb-head-end">
          <OddsFormatSelect />
          <span className={`live-online${online ? ' is-on' : ''}`} aria-hidden="true" />
        </span>
      </header>
      <div className="sb-layout">
        <div className="sb-main">{children}</div>
        <BetSlip limits={limits} />
      </div>
    </section>
  );
}
