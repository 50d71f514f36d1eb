import { vi } from 'vitest';
import type { SystemStatusValue } from '@taya/contracts';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
}

/**
 * A small stand-in for the API server on `fetch`: answers the status call in the real envelope,
 * and 404s (in the envelope) for anything else. Records requests so tests can check headers.
 */
export function installFakeApi(status: SystemStatusValue | 'network-down') {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    requests.push({ method: init?.method ?? 'GET', url, headers: new Headers(init?.headers) });
    if (status === 'network-down') throw new TypeError('Failed to fetch');
    if (new URL(url, 'http://localhost').pathname === '/wps/system/status') {
      return Response.json({ success: true, value: status });
    }
    return Response.json(
      { success: false, errorCode: 'not_found', message: 'Not found', value: null },
      { status: 404 },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}
