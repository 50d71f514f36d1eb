import { useState } from 'react';
import { useLocation } from 'react-router';
import { flattenWhitelabel } from '@taya/contracts';
import { paths } from '../../../lib/paths';
import { useMustChangePassword, useSessionToken } from '../../../lib/session';
import { useSystemStatus } from '../../../lib/system-status';
import { useRegionPopup } from '../lib/region-popup';
import { disclaimerAccepted } from '../lib/session-popups';
import { DisclaimerPopup } from './disclaimer-popup';
import { RegionPopup } from './region-popup';
import { SessionPopup } from './session-popup';

/** The whitelabel flag that turns the 18+ disclaimer on for a merchant. */
export const disclaimerModuleId = 'DISCLAIMER3';

/** Routes that are themselves a popup: session popups wait until the player is back on a page. */
const popupRoutes: readonly string[] = [
  paths.login.path,
  paths.register.path,
  paths.help.path,
  paths.feedback.path,
];

/**
 * The site's own popups: the disclaimer first (when the merchant turns it on), then the session
 * popups of the current audience, and the region select when something opens it.
 */
export function SitePopups() {
  const { data: status } = useSystemStatus();
  const { pathname } = useLocation();
  const token = useSessionToken();
  const mustChangePassword = useMustChangePassword();
  const [accepted, setAccepted] = useState(disclaimerAccepted);
  const region = useRegionPopup();
  if (!status) return null;

  const disclaimerOn = flattenWhitelabel(status.info.whitelabel)[disclaimerModuleId] === true;
  const showDisclaimer = disclaimerOn && !accepted && !disclaimerAccepted();
  const showSessionPopup =
    !showDisclaimer && !mustChangePassword && !region.isOpen && !popupRoutes.includes(pathname);

  return (
    <>
      {showDisclaimer ? <DisclaimerPopup onAccept={() => setAccepted(true)} /> : null}
      {showSessionPopup ? <SessionPopup key={token ?? 'visitor'} /> : null}
      {region.isOpen && !showDisclaimer ? (
        <RegionPopup status={status} onClose={region.close} />
      ) : null}
    </>
  );
}
