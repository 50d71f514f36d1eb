import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { booleanParser } from '../../../lib/parsers';

export const affiliatePath = '/wps/agent/affiliate';

/** True when the invitation code belongs to an active agent of this site. */
export function checkAffiliateCode(code: string): Promise<boolean> {
  return apiGet(affiliatePath, {
    query: { code, domain: window.location.hostname },
    schema: booleanParser,
  });
}

/** A mutation, not a query: it runs once per submit, as the first step of registering. */
export function useCheckAffiliateCode() {
  return useMutation({ mutationFn: checkAffiliateCode });
}
