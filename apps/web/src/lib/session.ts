import { useSyncExternalStore } from 'react';
import { readStored, storedKeys, writeStored } from './storage';

/**
 * The player's session lives in sessionStorage (SPEC §4: "token stored in session"), so it ends
 * with the tab. The merchant code lives in localStorage because a region choice outlives a
 * session and must survive logout.
 */
export const storageKeys = {
  /** Also read by the server's sandbox pay page (modules/cashier/sandbox-gateway.ts). */
  token: 'taya.token',
  customerType: 'taya.customerType',
  /** Set while the player must change their password before going on (SPEC §4, "cpw"). */
  passwordChange: 'taya.cpw',
  /** Set once the server asked for the log-in captcha: it shows from then on (SPEC §4). */
  loginCaptcha: 'taya.loginCaptcha',
  merchant: 'taya.merchant',
  /** Set when this session began with the account's first log-in (SPEC §4: F popups). */
  firstLogin: 'taya.firstLogin',
} as const;

/** Account types that may use the agent centre (SPEC §6). */
export const agentCustomerTypes: readonly number[] = [1, 2, 41, 42];
export const trialCustomerType = 4;

const listeners = new Set<() => void>();
function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab cannot touch our sessionStorage, but it can change the merchant in localStorage.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function getToken(): string | null {
  return readStored('session', storageKeys.token);
}

export function getCustomerType(): number | null {
  const raw = readStored('session', storageKeys.customerType);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isInteger(value) ? value : null;
}

/** Called by the log-in flow once the server has issued a token. */
export function startSession(token: string, customerType: number): void {
  writeStored('session', storageKeys.token, token);
  writeStored('session', storageKeys.customerType, String(customerType));
  notify();
}

export function isFirstLogin(): boolean {
  return readStored('session', storageKeys.firstLogin) === '1';
}

/** Called by the log-in flow with the server's `firstTimeLogin`. */
export function setFirstLogin(first: boolean): void {
  writeStored('session', storageKeys.firstLogin, first ? '1' : null);
  notify();
}

export function mustChangePassword(): boolean {
  return readStored('session', storageKeys.passwordChange) === '1';
}

/**
 * SPEC §4: an expired (or first, when enforced) password must be changed before anything else.
 * Kept in the session so a reload does not skip the forced change.
 */
export function setMustChangePassword(required: boolean): void {
  writeStored('session', storageKeys.passwordChange, required ? '1' : null);
  notify();
}

/**
 * Forgets the session. SPEC §4: logout clears all session storage except merchant values; ours
 * live in localStorage, so every `taya.` key in sessionStorage goes.
 */
export function clearSession(): void {
  for (const key of storedKeys('session')) {
    if (key.startsWith('taya.')) writeStored('session', key, null);
  }
  notify();
}

export function getMerchantCode(): string | null {
  return readStored('local', storageKeys.merchant);
}

export function setMerchantCode(code: string): void {
  writeStored('local', storageKeys.merchant, code);
  notify();
}

export function isAgentType(customerType: number | null): boolean {
  return customerType !== null && agentCustomerTypes.includes(customerType);
}

export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}

export function useCustomerType(): number | null {
  return useSyncExternalStore(subscribe, getCustomerType, () => null);
}

export function useMustChangePassword(): boolean {
  return useSyncExternalStore(subscribe, mustChangePassword, () => false);
}
