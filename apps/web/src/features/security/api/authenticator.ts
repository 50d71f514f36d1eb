import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  authenticatorSetupSchema,
  recoveryCodesSchema,
  type AuthenticatorSetup,
} from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { doneParser } from '../../../lib/parsers';
import { securityKeys } from '../lib/query-keys';

const base = '/wps/member/security/authenticator';
export const authenticatorPaths = {
  setup: `${base}/setup`,
  bind: `${base}/bind`,
  unbind: `${base}/unbind`,
  recoveryCodes: `${base}/recovery-codes`,
} as const;

/** A new secret, pending until a code from the app binds it. */
export function setupAuthenticator(): Promise<AuthenticatorSetup> {
  return apiPost(authenticatorPaths.setup, {
    schema: import.meta.env.DEV && authenticatorSetupSchema,
  });
}

/** Binds the pending secret (or, with `recoveryCodes`, replaces the recovery codes). */
export function authenticatorCodes(
  action: 'bind' | 'recoveryCodes',
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  return apiPost(authenticatorPaths[action], {
    body: { code },
    schema: import.meta.env.DEV && recoveryCodesSchema,
  });
}

export function unbindAuthenticator(code: string): Promise<{ done: true }> {
  return apiPost(authenticatorPaths.unbind, { body: { code }, schema: doneParser });
}

function useRefreshSecurity() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return () => void queryClient.invalidateQueries({ queryKey: securityKeys.all(token) });
}

export function useSetupAuthenticator() {
  return useMutation({ mutationFn: setupAuthenticator });
}

export function useAuthenticatorCodes(action: 'bind' | 'recoveryCodes') {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (code: string) => authenticatorCodes(action, code),
    onSettled: refresh,
  });
}

export function useUnbindAuthenticator() {
  const refresh = useRefreshSecurity();
  return useMutation({ mutationFn: unbindAuthenticator, onSettled: refresh });
}
