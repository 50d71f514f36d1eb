import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { walletBalanceKey } from '../../../lib/query-keys';
import { clearSession } from '../../../lib/session';
import { useLogout } from '../api/logout';
import { memberInfoKey } from '../../../lib/member-info';

/**
 * SPEC §4, logout: tell the server, then — whether or not it answered — forget the session (all
 * session storage but the merchant's) and go home; from the agent area, to /agent (SPEC §2).
 */
export function useSignOut(signedOutTo: string = paths.home.href()) {
  const logout = useLogout();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signOut = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        clearSession();
        queryClient.removeQueries({ queryKey: memberInfoKey });
        queryClient.removeQueries({ queryKey: walletBalanceKey });
        void navigate(signedOutTo);
      },
    });

  return { signOut, pending: logout.isPending };
}
