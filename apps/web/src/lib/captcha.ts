import { useCallback, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { captchaValueSchema } from '@taya/contracts';
import { apiGet } from './api-client';

/** The one captcha the log-in, registration and feedback forms all show. */
export const captchaPath = '/wps/captcha';
export const captchaKey = ['captcha'] as const;

/**
 * A base64 PNG. The answer stays on the server, tied to this browser by an httpOnly cookie that
 * same-origin fetch sends by itself.
 */
export function getCaptcha(signal?: AbortSignal): Promise<string> {
  return apiGet(captchaPath, {
    schema: import.meta.env.DEV && captchaValueSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Each image is good for one answer: never cached, refreshed only on demand. */
export function useCaptcha(enabled: boolean) {
  return useQuery({
    queryKey: captchaKey,
    queryFn: ({ signal }) => getCaptcha(signal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** SPEC §9: the image is refreshed at most once a second. */
export const captchaRefreshIntervalMs = 1000;

/**
 * A new image on demand (the refresh button, or after a failed submit used up the old answer). A
 * request inside the second after the last one waits out the rest of that second.
 */
export function useRefreshCaptcha() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(() => {
    if (timer.current) return;
    const state = queryClient.getQueryState(captchaKey);
    const wait = state ? state.dataUpdatedAt + captchaRefreshIntervalMs - Date.now() : 0;
    const refresh = () => {
      timer.current = null;
      void queryClient.refetchQueries({ queryKey: captchaKey });
    };
    if (wait > 0) timer.current = setTimeout(refresh, wait);
    else refresh();
  }, [queryClient]);
}
