import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LoginValue } from '@taya/contracts';
import { paths } from '../../../lib/paths';
import { walletBalanceKey } from '../../../lib/query-keys';
import {
  isAgentType,
  setFirstLogin,
  setMustChangePassword,
  startSession,
} from '../../../lib/session';
import { memberInfoKey } from '../../../lib/member-info';

export type LoginRoute = 'username' | 'sms' | 'register' | 'reset' | 'free_play';

/** Which side of the site the log-in came from: the member site or the agent page (/agent). */
export type LoginPortal = 'member' | 'agent';

/**
 * SPEC §4, login success: keep the token, load the member's details, close the popup. An expired
 * password (or a first log-in, when the merchant enforces a change) must be changed first unless
 * the player came in by SMS; the forced popup then opens over home — or, for a log-in on the
 * agent page, over that page. Agents go to their centre.
 */
export function useCompleteLogin(forcePasswordChange: boolean, portal: LoginPortal = 'member') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(
    (value: LoginValue, route: LoginRoute) => {
      const mustChange =
        route === 'username' &&
        (value.passwordExpired || (value.firstTimeLogin && forcePasswordChange));
      startSession(value.token, value.customerType);
      setFirstLogin(value.firstTimeLogin);
      setMustChangePassword(mustChange);
      void queryClient.invalidateQueries({ queryKey: memberInfoKey });
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
      if (portal === 'agent') {
        if (!mustChange) void navigate(paths.agentHome.href());
        return;
      }
      const agent = !mustChange && isAgentType(value.customerType);
      void navigate(agent ? paths.agentHome.href() : paths.home.href());
    },
    [forcePasswordChange, navigate, portal, queryClient],
  );
}
