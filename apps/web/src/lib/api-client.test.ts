import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok } from '../testing/fake-api';
import { systemStatusFixture } from '../testing/system-status-fixture';
import { apiDelete, apiGet, apiPost, apiPut, ApiError, forgetServerKey } from './api-client';
import { changeLanguage, i18n } from './i18n';
import { getToken, startSession, storageKeys } from './session';

function answer(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof stubFetch>) {
  const [input, init] = fetchMock.mock.calls[0] ?? [];
  return { url: String(input), init: init ?? {}, headers: new Headers(init?.headers) };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('unwraps the envelope and returns its value', async () => {
    stubFetch(answer({ success: true, value: { list: [1, 2, 3] } }));
    await expect(apiGet<{ list: number[] }>('/wps/things')).resolves.toEqual({ list: [1, 2, 3] });
  });

  it('sends the platform headers, the query string and no merchant or token when none is held', async () => {
    const fetchMock = stubFetch(answer({ success: true, value: null }));
    await apiGet('/wps/game/list', { query: { vassalage: 'PG', page: 2, skipped: undefined } });
    const { url, headers, init } = sent(fetchMock);
    expect(url).toBe('/wps/game/list?vassalage=PG&page=2');
    expect(init.method).toBe('GET');
    expect(headers.get('Device')).toBe('WEB');
    expect(headers.get('Language')).toBe('EN');
    expect(headers.has('Merchant')).toBe(false);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('sends the stored merchant, the bearer token and the current language', async () => {
    window.localStorage.setItem(storageKeys.merchant, 'TAYAMM');
    startSession('tok-123', 3);
    await changeLanguage('MY', { persist: false });
    const fetchMock = stubFetch(answer({ success: true, value: { ok: true } }));
    await apiPost('/wps/member/feedback', { body: { description: 'hello' } });
    const { headers, init } = sent(fetchMock);
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ description: 'hello' }));
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Merchant')).toBe('TAYAMM');
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Language')).toBe('MY');
  });

  it('sends a FormData body as multipart, leaving its Content-Type to fetch', async () => {
    startSession('tok-123', 3);
    const fetchMock = stubFetch(answer({ success: true, value: [] }));
    const form = new FormData();
    form.append('files', new File(['png'], 'receipt.png', { type: 'image/png' }));
    await apiPost('/wps/member/uploads', { body: form });
    const { headers, init } = sent(fetchMock);
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('throws ApiError with the status, code, message and fields of a failure', async () => {
    stubFetch(
      answer(
        {
          success: false,
          errorCode: 'request_param_err',
          message: 'Some request fields are invalid',
          value: null,
          fields: [{ path: 'username', code: 'too_small', message: 'Too short' }],
        },
        400,
      ),
    );
    const error = await failure(apiPost('/wps/session/register', { body: {} }));
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe('request_param_err');
    expect(error.message).toBe('Some request fields are invalid');
    expect(error.fields).toEqual([{ path: 'username', code: 'too_small', message: 'Too short' }]);
    expect(error.messageKey).toBe('errors.request_param_err');
  });

  it('clears the session when the server says the token is no longer valid', async () => {
    startSession('expired-token', 3);
    window.sessionStorage.setItem('taya.disclaimerAccepted', '1');
    window.localStorage.setItem(storageKeys.merchant, 'TAYAPH');
    stubFetch(
      answer(
        {
          success: false,
          errorCode: 'user.or.token.invalid',
          message: 'Your session has ended, please log in again',
          value: null,
        },
        401,
      ),
    );
    const error = await failure(apiGet('/wps/member/info'));
    expect(error.errorCode).toBe('user.or.token.invalid');
    expect(error.messageKey).toBe('errors.user_or_token_invalid');
    expect(getToken()).toBeNull();
    expect(window.sessionStorage.getItem('taya.disclaimerAccepted')).toBeNull();
    // The merchant is a region choice, not part of the session.
    expect(window.localStorage.getItem(storageKeys.merchant)).toBe('TAYAPH');
  });

  it('keeps the session on errors that do not end it', async () => {
    startSession('good-token', 3);
    stubFetch(answer({ success: false, errorCode: 'forbidden', message: 'No', value: null }, 403));
    const error = await failure(apiDelete('/wps/favourite', { query: { gameId: 'x' } }));
    expect(error.errorCode).toBe('forbidden');
    expect(getToken()).toBe('good-token');
  });

  it('turns a failed connection into the network error', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await failure(apiGet('/wps/system/status'));
    expect(error.status).toBe(0);
    expect(error.errorCode).toBe('network');
    expect(i18n.t(error.messageKey)).toBe('Network link is abnormal, please try again');
  });

  it('rejects an answer that is not an envelope (a proxy error page)', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(apiGet('/wps/system/status'));
    expect(error.status).toBe(502);
    expect(error.errorCode).toBe('bad_response');
  });

  it('rejects a value that does not match its schema', async () => {
    stubFetch(answer({ success: true, value: { count: 'three' } }));
    const schema = {
      parse(input: unknown): { count: number } {
        const count = (input as { count?: unknown }).count;
        if (typeof count !== 'number') throw new Error('count must be a number');
        return { count };
      },
    };
    const error = await failure(apiGet('/wps/counter', { schema }));
    expect(error.errorCode).toBe('bad_response');
  });

  it('keeps the failure value, e.g. the log-in captcha flag', async () => {
    stubFetch(
      answer(
        { success: false, errorCode: 'login.failed', message: 'No', value: { captcha: true } },
        401,
      ),
    );
    const error = await failure(apiPost('/wps/session/login', { body: {} }));
    expect(error.value).toEqual({ captcha: true });
    expect(error.messageKey).toBe('errors.login_failed');
  });
});

describe('sealed calls (SPEC §7 "E")', () => {
  beforeEach(() => forgetServerKey());

  it('fetches the server key once and sends the body sealed, never in plain text', async () => {
    const { requests, fetchMock } = installFakeApi(systemStatusFixture(), {
      'POST /wps/session/login': (request) => ok({ echoed: request.body }),
    });
    const body = { username: 'alice88', password: 'secret123' };
    await expect(apiPost('/wps/session/login', { body, sealed: true })).resolves.toEqual({
      echoed: body,
    });
    await apiPost('/wps/session/login', { body, sealed: true });

    expect(requests.filter((r) => r.path === '/wps/session/key/rsa')).toHaveLength(1);
    const logins = requests.filter((r) => r.path === '/wps/session/login');
    expect(logins.map((r) => r.sealed)).toEqual([true, true]);
    expect(logins[0]?.headers.get('encryption')).toMatch(/^v1\.fake-key-0001\./);
    const raw = String(
      fetchMock.mock.calls.find(([url]) => url === '/wps/session/login')?.[1]?.body,
    );
    expect(raw).not.toContain('secret123');
    expect(Object.keys(JSON.parse(raw) as object)).toEqual(['value']);
  });

  it('fetches a new key and tries once more when the server cannot open the body', async () => {
    let calls = 0;
    const { requests } = installFakeApi(systemStatusFixture(), {
      'PUT /wps/member/password': () => {
        calls += 1;
        return calls === 1 ? fail(400, 'decryption_failed') : ok({ done: true });
      },
    });
    await expect(apiPut('/wps/member/password', { body: { a: 1 }, sealed: true })).resolves.toEqual(
      {
        done: true,
      },
    );
    expect(calls).toBe(2);
    expect(requests.filter((r) => r.path === '/wps/session/key/rsa')).toHaveLength(2);
    expect(requests.filter((r) => r.path === '/wps/member/password').map((r) => r.sealed)).toEqual([
      true,
      true,
    ]);
  });
});
