import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  announcementListSchema,
  type AnnouncementItem,
  type AnnouncementList,
} from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useSessionToken } from '../../../lib/session';
import { contentKeys, contentStaleTime } from '../lib/query-keys';

export const announcementsPath = '/wps/relay/MCSFE_getListAnnouncements';

/** Who the items are for: B before log-in (visitors), A after log-in. */
export type Execution = 'A' | 'B';

/**
 * The banners (type B) for the web, for a visitor or a logged-in player. The session token
 * travels in the Authorization header whenever there is one, so the server may personalise.
 */
export async function getBannerAnnouncements(
  language: string,
  execution: Execution,
  signal?: AbortSignal,
): Promise<AnnouncementList> {
  return apiGet(announcementsPath, {
    query: { types: 'B', platform: 'W', execution, language },
    schema: import.meta.env.DEV && announcementListSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The banners of one group (SPEC §3 groupName, e.g. `w_home`), in the server's order. */
export function useBanners(groupName: string) {
  const language = useCurrentLanguage();
  const token = useSessionToken();
  const execution: Execution = token ? 'A' : 'B';
  const select = useCallback(
    (list: AnnouncementList): AnnouncementItem[] =>
      list.banners.filter((item) => item.groupName === groupName),
    [groupName],
  );
  return useQuery(
    queryOptions({
      queryKey: contentKeys.banners(language, token),
      queryFn: ({ signal }) => getBannerAnnouncements(language, execution, signal),
      staleTime: contentStaleTime,
      select,
    }),
  );
}
