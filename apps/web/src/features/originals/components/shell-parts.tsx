import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OriginalInfo } from '@taya/contracts';
import { Modal } from '../../../components/modal';
import { useMoney } from '../../../hooks/use-money';

/** The keyboard dialog: the shell's keys, then the game's own (video poker's 1–5). */
export function HotkeysHelp({
  extra,
  onClose,
}: {
  extra: readonly { key: string; label: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={t('originals.hotkeys.title')} onClose={onClose} testId="og-hotkeys-help">
      <dl className="og-keys">
        <dt>
          <kbd>Space</kbd>
        </dt>
        <dd>{t('originals.hotkeys.bet')}</dd>
        <dt>
          <kbd>A</kbd>
        </dt>
        <dd>{t('originals.halve')}</dd>
        <dt>
          <kbd>S</kbd>
        </dt>
        <dd>{t('originals.double')}</dd>
        {extra.map((k) => (
          <Fragment key={k.key}>
            <dt>
              <kbd>{k.key}</kbd>
            </dt>
            <dd>{k.label}</dd>
          </Fragment>
        ))}
      </dl>
    </Modal>
  );
}

/** The rules tab: the game's own rules, the exact RTP, the limits and the fairness note. */
export function HelpPanel({ info, children }: { info: OriginalInfo; children: ReactNode }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  return (
    <div className="og-help" data-testid="og-help-panel">
      {children}
      <p>
        {t('originals.help.rtp', { rtp: info.rtp })}{' '}
        <strong data-testid="og-rtp">{info.rtp} %</strong>
      </p>
      <p>
        {t('originals.help.limits', {
          min: fmt.money(info.minBet, info.currency),
          max: fmt.money(info.maxBet, info.currency),
          profit: fmt.money(info.maxProfit, info.currency),
        })}
      </p>
      <p>{t('originals.help.fair')}</p>
    </div>
  );
}

export function SoundIcon({ on }: { on: boolean }) {
  return (
    <svg
      className="icon"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M11 5 6 9H2v6h4l5 4V5z" />
      {on ? (
        <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
      ) : (
        <path d="m22 9-6 6M16 9l6 6" />
      )}
    </svg>
  );
}

export function KeyboardIcon() {
  return (
    <svg
      className="icon"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />
    </svg>
  );
}
