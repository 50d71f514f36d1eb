import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { doneParser } from '../../../lib/parsers';

export const logoutPath = '/wps/session/logout';

export function logout(): Promise<{ done: true }> {
  return apiDelete(logoutPath, { schema: doneParser });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
