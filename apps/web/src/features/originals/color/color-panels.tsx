import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  colorGameColours,
  type ColorGameColour,
  type ColorHot,
  type ColorLive,
  type ColorRound,
  type ColorState,
} from '@taya/contracts';
import { useMoney } from '../../../hooks/use-money';
import { paths } from '../../../lib/paths';
import { PanelTabs } from '../components/panel-tabs';

/** The Colour Game's tabs under the mat: hot and cold colours, past rounds, rules, fairness. */
export function ColorPanels({
  state,
  live,
  history,
  hot,
}: {
  state: ColorState;
  live: ColorLive;
  history: ColorRound[];
  hot: ColorHot | null;
}) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const [panel, setPanel] = useState<'stats' | 'rounds' | 'help' | 'fair'>('stats');
  const colourName = (c: ColorGameColour) => t(`originals.color.colours.${c}`);
  const hotMax = hot ? Math.max(1, ...Object.values(hot.counts)) : 1;
  return (
    <div className="og-panels">
      <PanelTabs
        testIdPrefix="cg-tab"
        labels={{
          stats: t('originals.color.hot_cold'),
          rounds: t('originals.color.rounds'),
          help: t('originals.help.title'),
          fair: t('originals.fair.title'),
        }}
        selected={panel}
        onSelect={setPanel}
      >
        {panel === 'stats' ? (
          <div className="og-help" data-testid="cg-hot">
            <ul className="cg-bars">
              {colorGameColours.map((c) => {
                const n = hot?.counts[c] ?? 0;
                const pct = hot && hot.rounds > 0 ? (100 * n) / (3 * hot.rounds) : 0;
                return (
                  <li key={c}>
                    <span className="cg-bar-name">
                      <span className={`cg-pip cg-${c}`} /> {colourName(c)}
                    </span>
                    <span className="cg-bar">
                      <span className={`cg-${c}`} style={{ width: `${(100 * n) / hotMax}%` }} />
                    </span>
                    <span className="cg-bar-pct">{pct.toFixed(1)} %</span>
                  </li>
                );
              })}
            </ul>
            <p className="og-hint">{t('originals.color.hot_note', { n: hot?.rounds ?? 0 })}</p>
          </div>
        ) : panel === 'rounds' ? (
          <table className="cg-history" data-testid="cg-history">
            <tbody>
              {history.map((r) => (
                <tr key={r.round} className={new Set(r.dice).size === 1 ? 'is-jackpot' : ''}>
                  <td>#{r.round}</td>
                  <td className="cg-pips">
                    {r.dice.map((d, i) => (
                      <span key={i} className={`cg-pip cg-${d}`} title={colourName(d)} />
                    ))}
                  </td>
                  <td className="cg-hash">
                    <code>{r.serverSeedHash.slice(0, 12)}…</code>
                  </td>
                  <td>
                    <Link
                      to={paths.originalsVerify.href({
                        game: 'color-game',
                        serverSeed: r.serverSeed,
                        serverSeedHash: r.serverSeedHash,
                        clientSeed: r.clientSeed,
                        nonce: String(r.round),
                      })}
                      data-testid="cg-verify-link"
                    >
                      {t('originals.fair.verify')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : panel === 'help' ? (
          <div className="og-help" data-testid="cg-help">
            <p>{t('originals.color.rules_1')}</p>
            <p>{t('originals.color.rules_2')}</p>
            <p>
              <strong>{t('originals.color.edge')}</strong>
            </p>
            <p>{t('originals.color.timer', { seconds: Math.round(state.bettingMs / 1000) })}</p>
            <p>
              {t('originals.help.limits', {
                min: fmt.money(state.minBet, state.currency),
                max: fmt.money(state.maxBet, state.currency),
                profit: fmt.money(state.maxProfit, state.currency),
              })}
            </p>
            <p className="og-hotkeys">{t('originals.color.hotkey')}</p>
          </div>
        ) : (
          <div className="og-help" data-testid="cg-fair">
            <p>{t('originals.color.fair_note')}</p>
            <p>
              {t('originals.color.seed_hash', { round: live.round })}:{' '}
              <code data-testid="cg-seed-hash">{live.serverSeedHash ?? '—'}</code>
            </p>
          </div>
        )}
      </PanelTabs>
    </div>
  );
}
