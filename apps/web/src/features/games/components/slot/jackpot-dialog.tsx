import { useTranslation } from 'react-i18next';
import { Modal } from '../../../../components/modal';
import type { SlotJackpotWin } from '../../lib/types';

/**
 * A spin that hit the jackpot: said big, once, until the player closes it. The money is already
 * in the balance the spin answered with, so this only tells; there is nothing to collect.
 */
export function JackpotDialog({
  win,
  money,
  onClose,
}: {
  win: SlotJackpotWin;
  money: (amount: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={t('slot.jackpot_title')} onClose={onClose} className="slot-jackpot">
      <div className="slot-jackpot-body" data-testid="slot-jackpot" data-amount={win.amount}>
        <p className="slot-jackpot-name">{win.name}</p>
        <p className="slot-jackpot-amount">+{money(win.amount)}</p>
        <p className="slot-jackpot-note">{t('slot.jackpot_paid')}</p>
        <button
          type="button"
          className="button button-primary button-block"
          onClick={onClose}
          data-testid="slot-jackpot-close"
        >
          {t('slot.jackpot_close')}
        </button>
      </div>
    </Modal>
  );
}
