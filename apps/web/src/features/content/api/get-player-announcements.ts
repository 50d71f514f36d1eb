import { queryOptions, useQuery } from '@tanstack/react-query';
import { announcementListSchema, type AnnouncementItem } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useSessionToken } from '../../../lib/session';
import { contentKeys, contentStaleTime } from '../lib/query-keys';
import { announcementsPath } from './get-announcements';

/** The player announcements (type PL) for the web after log-in, in the server's order. */
export async function getPlayerAnnouncements(
  language: string,
  signal?: AbortSignal,
): Promise<AnnouncementItem[]> {
  const value = await apiGet(announcementsPath, {
    query: { types: 'PL', platform: 'W', execution: 'A', language },
    schema: import.meta.env.DEV && announcementListSchema,
    ...(signal ? { signal } : {}),
  });
  return value.player;
}

export function usePlayerAnnouncements() {
  const language = useCurrentLanguage();
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: contentKeys.playerAnnouncements(language, token),
      queryFn: ({ signal }) => getPlayerAnnouncements(language, signal),
      enabled: token !== null,
      staleTime: contentStaleTime,
    }),
  );
}
