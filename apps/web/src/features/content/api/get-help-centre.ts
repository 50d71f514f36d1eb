import { queryOptions, useQuery } from '@tanstack/react-query';
import { helpCenterSchema, type HelpArticle } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { contentKeys, contentStaleTime } from '../lib/query-keys';

export const helpCentrePath = '/wps/system/helpCenter';

/** The help centre's topics in order, each with its questions (English where a text is missing). */
export async function getHelpCentre(
  language: string,
  signal?: AbortSignal,
): Promise<HelpArticle[]> {
  return apiGet(helpCentrePath, {
    query: { lang: language, device: 'WEB' },
    schema: import.meta.env.DEV && helpCenterSchema,
    ...(signal ? { signal } : {}),
  });
}

export function useHelpCentre() {
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: contentKeys.helpCentre(language),
      queryFn: ({ signal }) => getHelpCentre(language, signal),
      staleTime: contentStaleTime,
    }),
  );
}
