import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { useSignOut } from '../lib/use-sign-out';

/**
 * SPEC §4, logout: asks first, then signs out and goes to `signedOutTo` (home unless told; the
 * agent centre passes /agent).
 */
export function SignOutDialog({
  onClose,
  signedOutTo,
}: {
  onClose: () => void;
  signedOutTo?: string;
}) {
  const { t } = useTranslation();
  const { signOut, pending } = useSignOut(signedOutTo);
  return (
    <Modal title={t('account.sign_out_title')} onClose={onClose}>
      <p>{t('account.sign_out_body')}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('account.cancel')}
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={signOut}
          disabled={pending}
        >
          {t('account.sign_out')}
        </button>
      </div>
    </Modal>
  );
}
