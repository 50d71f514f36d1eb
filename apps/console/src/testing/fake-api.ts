import { vi } from 'vitest';

/** One answer of the fake server: an envelope's value, or a failure. */
export type FakeAnswer =
  { value: unknown } | { status: number; errorCode: string; message?: string; fields?: unknown[] };

/**
 * Stands in for the network (only fetch): `routes` maps "METHOD /path" (no query) to an answer or
 * a function of the request. Returns the calls made, for assertions.
 */
export function fakeApi(
  routes: Record<string, FakeAnswer | ((url: URL, init: RequestInit) => FakeAnswer)>,
) {
  const calls: { method: string; url: URL; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://console.test');
      const method = init.method ?? 'GET';
      calls.push({ method, url, init });
      const route = routes[`${method} ${url.pathname}`];
      const answer = typeof route === 'function' ? route(url, init) : route;
      if (!answer) {
        return Response.json(
          { success: false, errorCode: 'not_found', message: 'Not found', value: null },
          { status: 404 },
        );
      }
      if ('value' in answer) return Response.json({ success: true, value: answer.value });
      return Response.json(
        {
          success: false,
          errorCode: answer.errorCode,
          message: answer.message ?? answer.errorCode,
          value: null,
          ...(answer.fields ? { fields: answer.fields } : {}),
        },
        { status: answer.status },
      );
    }),
  );
  return calls;
}
