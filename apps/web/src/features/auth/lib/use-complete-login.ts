import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LoginValue } from '@taya/contracts';
import { paths } from '../../../lib/paths';
import { walletBalanceKey } from '../../../lib/query-keys';
import { isAgentType, setMustChangePassword, startSession } from '../../../lib/session';
import { memberInfoKey } from '../api/get-member-info';

export type LoginRoute = 'username' | 'sms' | 'register' | 'reset' | 'free_play';

/**
 * SPEC §4, login success: keep the token, load the member's details, close the popup. An expired
 * password (or a first log-in, when the merchant enforces a change) must be changed first unless
 * the player came in by SMS; the forced popup then opens over home. Agents go to their centre.
 */
export function useCompleteLogin(forcePasswordChange: boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(
    (value: LoginValue, route: LoginRoute) => {
      const mustChange =
        route === 'username' &&
        (value.passwordExpired || (value.firstTimeLogin && forcePasswordChange));
      startSession(value.token, value.customerType);
      setMustChangePassword(mustChange);
      void queryClient.invalidateQueries({ queryKey: memberInfoKey });
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
      const agent = !mustChange && isAgentType(value.customerType);
      void navigate(agent ? paths.agentHome.href() : paths.home.href());
    },
    [forcePasswordChange, navigate, queryClient],
  );
}
