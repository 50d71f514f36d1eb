import { useLocation, useNavigate } from 'react-router';
import { LoginPopup } from '../../features/auth/components/login-popup';
import { useMemberInfo } from '../../lib/member-info';
import { RegisterPopup } from '../../features/auth/components/register-popup';
import { FeedbackPopup } from '../../features/content/components/feedback-popup';
import { HelpPopup, helpTagFromHash } from '../../features/content/components/help-popup';
import { useSystemStatus } from '../../lib/system-status';
import { paths } from '../../lib/paths';
import { HomePage } from './home-page';

export type PopupKind = 'login' | 'register' | 'help' | 'feedback';

/**
 * /login, /register, /help and /feedback show the home page with a popup over it (SPEC §2).
 * Closing the popup goes to the home page itself. /help#<topic> opens the help centre at a topic.
 */
export function PopupRoute({ popup }: { popup: PopupKind }) {
  const navigate = useNavigate();
  const { hash } = useLocation();
  // The status gate renders routes only once the status has arrived.
  const { data: status } = useSystemStatus();
  const close = () => void navigate(paths.home.href());

  return (
    <>
      <HomePage />
      {popup === 'help' ? (
        <HelpPopup key={hash} initialTag={helpTagFromHash(hash)} onClose={close} />
      ) : null}
      {popup === 'feedback' ? <MemberFeedbackPopup onClose={close} /> : null}
      {popup === 'login' && status ? <LoginPopup status={status} onClose={close} /> : null}
      {popup === 'register' && status ? <RegisterPopup status={status} onClose={close} /> : null}
    </>
  );
}

/** A member's feedback goes under their username; a visitor types a name. */
function MemberFeedbackPopup({ onClose }: { onClose: () => void }) {
  const member = useMemberInfo();
  return <FeedbackPopup username={member.data?.account ?? null} onClose={onClose} />;
}
