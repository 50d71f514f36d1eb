import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage } from './i18n';
import { changeRegion } from './region';
import { getMerchantCode, getToken, startSession } from './session';

describe('changeRegion', () => {
  let assign: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    assign = vi.fn();
    // jsdom cannot navigate; capture where the app would go instead.
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('switches merchant: stores it, sets the language, drops the session and reloads home', async () => {
    startSession('tok', 3);
    await changeRegion('TAYAMM', 'MY', 'TAYAPH');
    expect(getMerchantCode()).toBe('TAYAMM');
    expect(currentLanguage()).toBe('MY');
    expect(window.localStorage.getItem('taya.language')).toBe('MY');
    expect(getToken()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('keeps the session when the chosen region is the one already served', async () => {
    startSession('tok', 3);
    await changeRegion('TAYAPH', 'TY', 'TAYAPH');
    expect(getMerchantCode()).toBe('TAYAPH');
    expect(currentLanguage()).toBe('TY');
    expect(getToken()).toBe('tok');
    expect(assign).not.toHaveBeenCalled();
  });
});
