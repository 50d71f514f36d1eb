import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../hooks/use-money';
import type { useSound } from '../lib/sound';

/**
 * The top of a shared-round page (crash, bingo, the Colour Game): title with the DEMO mark, the
 * balance, the sound switch, then the demo note, the page's own notices (`children`) and the
 * maintenance notice.
 */
export function RoundTop({
  title,
  isDemo,
  balance,
  currency,
  sound,
  maintenance,
  children,
}: {
  title: string;
  isDemo: boolean;
  balance: string | null;
  currency: string;
  sound: ReturnType<typeof useSound>;
  maintenance: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const fmt = useMoney();
  return (
    <>
      <header className="og-top">
        <div className="og-heading">
          <h1 className="og-title">{title}</h1>
          {isDemo ? (
            <strong className="og-demo-mark" data-testid="og-demo-mark">
              {t('originals.demo_mark')}
            </strong>
          ) : null}
        </div>
        <div className="og-balance" data-testid="og-balance-box">
          <span className="og-label">{t('originals.balance')}</span>
          <strong data-testid="og-balance">
            {balance === null ? '—' : fmt.money(balance, currency)}
          </strong>
        </div>
        <div className="og-tools">
          <button
            type="button"
            className="icon-button"
            aria-pressed={sound.on}
            aria-label={sound.on ? t('originals.sound_off') : t('originals.sound_on')}
            title={sound.on ? t('originals.sound_off') : t('originals.sound_on')}
            onClick={sound.toggle}
            data-testid="og-sound"
          >
            <span aria-hidden="true">{sound.on ? '🔊' : '🔇'}</span>
          </button>
        </div>
      </header>
      {isDemo ? (
        <p className="og-demo-note" data-testid="og-demo-note">
          {t('originals.demo_note')}
        </p>
      ) : null}
      {children}
      {maintenance ? (
        <p className="og-problem" role="alert">
          {t('errors.game_maintenance')}
        </p>
      ) : null}
    </>
  );
}
