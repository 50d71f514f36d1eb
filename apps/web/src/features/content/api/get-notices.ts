import { queryOptions, useQuery } from '@tanstack/react-query';
import { noticeListSchema, type NoticeList } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { contentKeys, contentStaleTime } from '../lib/query-keys';

export const noticesPath = '/wps/system/notices';

export type Notice = NoticeList['list'][number];

/** The merchant's notices, newest first (the marquee and the bell share them). */
export async function getNotices(language: string, signal?: AbortSignal): Promise<Notice[]> {
  const value = await apiGet(noticesPath, {
    query: { language },
    schema: import.meta.env.DEV && noticeListSchema,
    ...(signal ? { signal } : {}),
  });
  return value.list;
}

export function useNotices() {
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: contentKeys.notices(language),
      queryFn: ({ signal }) => getNotices(language, signal),
      staleTime: contentStaleTime,
    }),
  );
}
