import { readStored, writeStored } from '../../../lib/storage';

/** Who a session popup set is for: B visitors, A logged-in players. */
export type PopupAudience = 'A' | 'B';

/**
 * SPEC §4: each audience's popups show once per session, so closing them leaves a marker in
 * sessionStorage (a `taya.` key: logging out or changing region clears it with the session).
 */
export const popupClosedKey = (audience: PopupAudience) => `taya.popupsClosed.${audience}`;

export function popupsClosed(audience: PopupAudience): boolean {
  return readStored('session', popupClosedKey(audience)) === '1';
}

export function markPopupsClosed(audience: PopupAudience): void {
  writeStored('session', popupClosedKey(audience), '1');
}

/** The 18+ disclaimer, accepted for this session. */
export const disclaimerAcceptedKey = 'taya.disclaimerAccepted';

export function disclaimerAccepted(): boolean {
  return readStored('session', disclaimerAcceptedKey) === '1';
}

export function acceptDisclaimer(): void {
  writeStored('session', disclaimerAcceptedKey, '1');
}
