import { useEffect, useRef } from 'react';
import {
  DownloadGuideRoute,
  type DownloadPlatform,
} from '../../features/download/routes/download-guide';
import { applyDownloadQuery } from './download-query';

/**
 * The download guides, opened from the side menu's QR codes: the link's language and ticket
 * (SPEC §2) are applied once, so the visitor reads the guide in the player's language and is
 * already signed in (by the code's one-time ticket) when the installed app opens.
 */
export function DownloadPage({ platform }: { platform: DownloadPlatform }) {
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current) return;
    applied.current = true;
    void applyDownloadQuery(window.location.search);
  }, []);
  return <DownloadGuideRoute platform={platform} />;
}
