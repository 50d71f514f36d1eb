import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The page as the server sends it: answers written in, `ageMs` old. */
function writeAnswers(answers: Record<string, unknown>, ageMs = 0, language = 'EN') {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'first-answers';
  element.textContent = JSON.stringify({ generatedAt: Date.now() - ageMs, language, answers });
  document.body.append(element);
}

const statusAnswer = { success: true, value: { status: 0, from: 'page' } };

/** A fresh API client (the answers are read once per page load). */
async function freshClient() {
  vi.resetModules();
  const client = await import('./api-client');
  const session = await import('./session');
  return { ...client, ...session };
}

function stubFetch() {
  const fetchMock = vi.fn(async () =>
    Response.json({ success: true, value: { status: 0, from: 'network' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('first answers written into the page', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });
  afterEach(() => {
    document.getElementById('first-answers')?.remove();
    vi.unstubAllGlobals();
  });

  it('answers the first GET of exactly that address from the page, once', async () => {
    writeAnswers({ '/wps/system/status': statusAnswer });
    const fetchMock = stubFetch();
    const { apiGet } = await freshClient();
    expect(await apiGet('/wps/system/status')).toEqual({ status: 0, from: 'page' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await apiGet('/wps/system/status')).toEqual({ status: 0, from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches an address the page has no answer for, and never answers a POST from it', async () => {
    writeAnswers({ '/wps/system/status': statusAnswer });
    const fetchMock = stubFetch();
    const { apiGet, apiPost } = await freshClient();
    await apiGet('/wps/system/status', { query: { extra: 1 } });
    await apiPost('/wps/system/status');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('goes to the network with a session, a chosen merchant, another language or an old page', async () => {
    const cases: [string, () => Promise<void>][] = [
      [
        'session',
        async () => {
          (await import('./session')).startSession('tok', 0);
        },
      ],
      ['merchant', async () => (await import('./session')).setMerchantCode('TYMM')],
    ];
    for (const [name, prepare] of cases) {
      window.sessionStorage.clear();
      window.localStorage.clear();
      document.getElementById('first-answers')?.remove();
      writeAnswers({ '/wps/system/status': statusAnswer });
      const fetchMock = stubFetch();
      const { apiGet } = await freshClient();
      await prepare();
      expect(await apiGet('/wps/system/status'), name).toEqual({ status: 0, from: 'network' });
      expect(fetchMock, name).toHaveBeenCalledTimes(1);
    }

    for (const [ageMs, language] of [
      [120_000, 'EN'],
      [0, 'MY'],
    ] as const) {
      window.sessionStorage.clear();
      window.localStorage.clear();
      document.getElementById('first-answers')?.remove();
      writeAnswers({ '/wps/system/status': statusAnswer }, ageMs, language);
      const fetchMock = stubFetch();
      const { apiGet } = await freshClient();
      expect(await apiGet('/wps/system/status')).toEqual({ status: 0, from: 'network' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });
});
