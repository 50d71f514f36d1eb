import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n';

beforeEach(() => {
  // jsdom does not lay out pages, so it has no scrolling to do.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
  await changeLanguage('EN', { persist: false });
});
