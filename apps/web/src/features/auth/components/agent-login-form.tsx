import { useState } from 'react';
import type { LoginValue, SystemStatusValue } from '@taya/contracts';
import { useAuthSettings } from '../../../lib/forms/auth-settings';
import type { LoginChallenge } from '../lib/parsers';
import { useCompleteLogin } from '../lib/use-complete-login';
import { useLoginCaptcha, useUsernameLogin } from '../lib/use-username-login';
import { LoginVerification } from './login-verification';
import { LoginSubmitButton, UsernameLoginFields } from './username-login-fields';

/**
 * The agent log-in on /agent (SPEC §2): username and password, the captcha once the server asks
 * for it, the new-address verification when the server wants one — the member popup's flow with
 * `portal: 'agent'`, so a member account is refused (`non_agent_login`). An expired password opens
 * the forced change over this page; otherwise the agent goes to the agent centre.
 */
export function AgentLoginForm({ status }: { status: SystemStatusValue }) {
  const settings = useAuthSettings(status);
  const completeLogin = useCompleteLogin(settings.flags.forcePasswordChange, 'agent');
  const [captchaShown, showCaptcha] = useLoginCaptcha();
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  const [returning, setReturning] = useState(false);
  const finish = (value: LoginValue) => completeLogin(value, 'username');
  const login = useUsernameLogin({
    portal: 'agent',
    captchaShown,
    onCaptchaWanted: showCaptcha,
    onSuccess: finish,
    onChallenge: (next) => setChallenge(next),
  });

  if (challenge) {
    return (
      <LoginVerification
        challenge={challenge}
        onVerified={finish}
        onBack={(notice) => {
          login.setFormError(notice);
          setReturning(true);
          setChallenge(null);
        }}
      />
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={login.onSubmit} data-testid="agent-login-form">
      <UsernameLoginFields login={login} returning={returning} />
      <LoginSubmitButton pending={login.pending} />
    </form>
  );
}
