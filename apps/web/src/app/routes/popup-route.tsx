import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/modal';
import { HomeRoute } from '../../features/home/routes/home';
import { paths } from '../../lib/paths';

export type PopupKind = 'login' | 'register' | 'help';

const popupText = {
  login: { title: 'popups.login_title', body: 'popups.login_body' },
  register: { title: 'popups.register_title', body: 'popups.register_body' },
  help: { title: 'popups.help_title', body: 'popups.help_body' },
} as const;

/**
 * /login, /register and /help show the home page with a popup over it (SPEC §2). Those popups
 * are not built yet, so the popup says so plainly instead of showing a form that cannot work.
 */
export function PopupRoute({ popup }: { popup: PopupKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const text = popupText[popup];
  const title = popup === 'help' && hash === '#term' ? t('popups.terms_title') : t(text.title);

  return (
    <>
      <HomeRoute />
      <Modal title={title} onClose={() => void navigate(paths.home.href())}>
        <p>{t(text.body)}</p>
      </Modal>
    </>
  );
}
