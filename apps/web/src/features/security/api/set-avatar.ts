import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { memberInfoKey } from '../../../lib/member-info';
import { doneParser } from '../../../lib/parsers';
import { securityKeys } from '../lib/query-keys';

export const setAvatarPath = '/wps/member/info/icon';

/** One of the contracts' `avatarIds`. */
export function setAvatar(icon: string): Promise<{ done: true }> {
  return apiPut(setAvatarPath, { body: { icon }, schema: doneParser });
}

export function useSetAvatar() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: setAvatar,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: memberInfoKey });
      void queryClient.invalidateQueries({ queryKey: securityKeys.changes(token) });
    },
  });
}
