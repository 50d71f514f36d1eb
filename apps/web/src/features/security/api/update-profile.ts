import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile, type ProfileUpdate } from '@taya/contracts';
import { apiPut } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { memberInfoKey } from '../../../lib/member-info';
import { securityKeys } from '../lib/query-keys';
import { profilePath } from './get-profile';

/** Only the fields sent change; the answer is the profile as it now stands. */
export function updateProfile(body: ProfileUpdate): Promise<Profile> {
  return apiPut(profilePath, { body, schema: import.meta.env.DEV && profileSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(securityKeys.profile(token), profile),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: securityKeys.all(token) });
      // The nickname shows in the header.
      void queryClient.invalidateQueries({ queryKey: memberInfoKey });
    },
  });
}
