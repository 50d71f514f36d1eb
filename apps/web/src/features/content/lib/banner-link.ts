import type { AnnouncementItem } from '@taya/contracts';
import { paths } from '../../../lib/paths';

/**
 * What a click on a banner does (SPEC §3 linkageType). Our own pages open in the app, other sites
 * in a new tab; GAME hands the node id to the lobby's launch flow. Only http(s) addresses are
 * followed, so a bad `url` can never run script; anything unusable is simply not clickable.
 */
export type BannerTarget =
  | { kind: 'route'; to: string }
  | { kind: 'external'; href: string }
  | { kind: 'game'; nodeId: string }
  | { kind: 'none' };

export function bannerTarget(
  banner: Pick<AnnouncementItem, 'linkageType' | 'url' | 'promotionType'>,
): BannerTarget {
  const url = banner.url?.trim() ?? '';
  switch (banner.linkageType) {
    case 'URL':
      return url ? addressTarget(url) : { kind: 'none' };
    case 'GAME':
      return url ? { kind: 'game', nodeId: url } : { kind: 'none' };
    case 'PROMOTION':
      return { kind: 'route', to: paths.promotions.href(banner.promotionType ?? undefined) };
    case 'NONE':
      return { kind: 'none' };
  }
}

function addressTarget(url: string): BannerTarget {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.href);
  } catch {
    return { kind: 'none' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { kind: 'none' };
  if (parsed.origin === window.location.origin) {
    return { kind: 'route', to: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  }
  return { kind: 'external', href: parsed.href };
}
