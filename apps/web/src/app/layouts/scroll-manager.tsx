import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * SPEC §2: after navigation, scroll to the top when the route changed, or to the anchor a hash
 * names. A query change on the same route (a vendor filter) keeps the player's place.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    // On first load the browser already restored or reset the position itself.
    const routeChanged = previousPath.current !== null && previousPath.current !== pathname;
    previousPath.current = pathname;

    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView({ block: 'start' });
        return;
      }
    }
    if (routeChanged) window.scrollTo(0, 0);
  }, [pathname, hash]);

  return null;
}
