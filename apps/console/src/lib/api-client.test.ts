import { afterEach, describe, expect, it, vi } from 'vitest';
import { operatorMe } from '@taya/contracts';
import { ApiError, fetchAllPages, get, post } from './api-client';
import { getToken, setToken, takeNotice } from './session';
import { fakeApi } from '../testing/fake-api';

afterEach(() => sessionStorage.clear());

describe('the API client', () => {
  it('unwraps a success envelope and sends the bearer token', async () => {
    setToken('tok-1');
    const calls = fakeApi({ 'GET /ops/thing': { value: { n: 1 } } });
    await expect(get('/ops/thing', { query: { a: 'x', b: '', c: undefined } })).resolves.toEqual({
      n: 1,
    });
    expect(calls[0]!.url.search).toBe('?a=x');
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('Bearer tok-1');
  });

  it('turns a failure envelope into an ApiError with its fields', async () => {
    fakeApi({
      'POST /ops/thing': {
        status: 400,
        errorCode: 'request_param_err',
        fields: [{ path: 'amount', code: 'too_small', message: 'Too small' }],
      },
    });
    const error = await post('/ops/thing', { amount: '0' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, errorCode: 'request_param_err' });
    expect((error as ApiError).fields[0]).toMatchObject({ path: 'amount' });
  });

  it('ends the session on a 401 and tells the log-in page why', async () => {
    setToken('tok-2');
    fakeApi({ 'GET /ops/session/me': { status: 401, errorCode: 'login.not.session' } });
    await expect(get('/ops/session/me')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(takeNotice()).toBe('session_ended');
  });

  it('does not end the session on a refused log-in', async () => {
    fakeApi({ 'POST /ops/session/login': { status: 401, errorCode: 'login.failed' } });
    setToken('tok-3');
    await expect(post('/ops/session/login', {}, { anonymous: true })).rejects.toMatchObject({
      errorCode: 'login.failed',
    });
    expect(getToken()).toBe('tok-3');
  });

  it('refuses an answer that breaks its contract when a schema is given', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({ 'GET /ops/session/me': { value: { id: 1 } } });
    await expect(get('/ops/session/me', { schema: operatorMe })).rejects.toMatchObject({
      errorCode: 'bad_response',
    });
  });

  it('fetches every page of a list for an export', async () => {
    const all = Array.from({ length: 5 }, (_, i) => i);
    const pages: number[] = [];
    const rows = await fetchAllPages(async (page, size) => {
      pages.push(page);
      return { rows: all.slice((page - 1) * size, page * size), total: all.length };
    }, 2);
    expect(rows).toEqual(all);
    expect(pages).toEqual([1, 2, 3]);
  });
});
