import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadAllPages } from '../app/pages';
import { loadBannerCarousel } from '../features/content/components/home-banners';
import { changeLanguage } from '../lib/i18n';

// A busy machine (CI on two cores) can take more than the default second to render a page.
configure({ asyncUtilTimeout: 5_000 });

// Pages, the banner carousel and the catalogues load on demand; they are loaded before the tests
// start, as `main.tsx` loads the language before the first render.
beforeAll(async () => {
  await Promise.all([
    loadAllPages(),
    loadBannerCarousel(),
    changeLanguage('EN', { persist: false }),
  ]);
}, 60_000);

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
