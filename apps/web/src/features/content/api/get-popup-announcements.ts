import { queryOptions, useQuery } from '@tanstack/react-query';
import { announcementListSchema, type AnnouncementItem } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useSessionToken } from '../../../lib/session';
import { contentKeys, contentStaleTime } from '../lib/query-keys';
import { announcementsPath } from './get-announcements';

/** One type of announcement for the web, for visitors (B) or players (A; F adds first-log-in ones). */
async function getAnnouncementsOfType(
  type: 'PL' | 'PU',
  execution: 'A' | 'B' | 'F',
  language: string,
  signal?: AbortSignal,
): Promise<AnnouncementItem[]> {
  const value = await apiGet(announcementsPath, {
    query: { types: type, platform: 'W', execution, language },
    schema: import.meta.env.DEV && announcementListSchema,
    ...(signal ? { signal } : {}),
  });
  return type === 'PL' ? value.player : value.popup;
}

/** The announcement popup's list (type PL): the visitor's before log-in, the player's after. */
export function useAnnouncementList() {
  const language = useCurrentLanguage();
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: contentKeys.announcementList(language, token),
      queryFn: ({ signal }) => getAnnouncementsOfType('PL', token ? 'A' : 'B', language, signal),
      staleTime: contentStaleTime,
    }),
  );
}

/**
 * The session popups (type PU) of an audience: B for visitors; A for players, F for a player's
 * first log-in (the server then adds the first-log-in items to the A ones). Off while `enabled`
 * is false, so nothing is asked for an audience that already closed its popups.
 */
export function useSessionPopups(execution: 'A' | 'B' | 'F', enabled: boolean) {
  const language = useCurrentLanguage();
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: contentKeys.sessionPopups(language, token, execution),
      queryFn: ({ signal }) => getAnnouncementsOfType('PU', execution, language, signal),
      staleTime: contentStaleTime,
      enabled,
    }),
  );
}
