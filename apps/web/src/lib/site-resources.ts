import type { Resource } from '@taya/contracts';
import { ticketQueryParam } from './sign-in-ticket';

/** The social channels the side menu and footer link to (SPEC §2), in the order shown. */
export const socialChannels = [
  { resourceType: 'TELEGRAM_2', name: 'Telegram' },
  { resourceType: 'FACEBOOK_1', name: 'Facebook' },
  { resourceType: 'YOUTUBE_1', name: 'YouTube' },
  { resourceType: 'WHATSAPP1', name: 'WhatsApp' },
  { resourceType: 'VIBER', name: 'Viber' },
] as const;
export type SocialChannel = (typeof socialChannels)[number]['resourceType'];

export interface SocialLink {
  channel: SocialChannel;
  /** The channel's own name, e.g. "Telegram": brand names are not translated. */
  name: string;
  href: string;
}

/** Schemes a configured link may use: the web, and the chat apps' own (viber://). */
const allowedSchemes = new Set(['https:', 'http:', 'viber:']);

/** Only web and chat-app addresses may be linked; a `javascript:` entry from a bad config must not. */
export function safeResourceUrl(url: string, base: string): string | null {
  try {
    const parsed = new URL(url, base);
    return allowedSchemes.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The configured social channels, each once, skipping any the merchant has not set up. */
export function socialLinks(resources: readonly Resource[], base: string): SocialLink[] {
  const links: SocialLink[] = [];
  for (const channel of socialChannels) {
    const resource = resources.find((item) => item.resourceType === channel.resourceType);
    const href = resource ? safeResourceUrl(resource.url, base) : null;
    if (href) links.push({ channel: channel.resourceType, name: channel.name, href });
  }
  return links;
}

/** The resource types that hold the app download pages (SPEC §2). */
export const appResourceTypes = { ios: 'MOBILECONFIG', android: 'Android' } as const;
export type AppPlatform = keyof typeof appResourceTypes;

/**
 * SPEC §2: the app download link carries the language and, when logged in, a one-time sign-in
 * ticket (never the session token: a photographed or shared code must not hand the session
 * over), so the installed app opens in the player's language and already signed in. Absolute,
 * because it is read from a QR code on another device.
 */
export function appDownloadUrl(
  resourceUrl: string,
  { origin, language, ticket }: { origin: string; language: string; ticket: string | null },
): string | null {
  const href = safeResourceUrl(resourceUrl, origin);
  if (!href) return null;
  const url = new URL(href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set('language', language);
  url.searchParams.delete('token');
  if (ticket) url.searchParams.set(ticketQueryParam, ticket);
  else url.searchParams.delete(ticketQueryParam);
  return url.href;
}

/** The download link of each platform the merchant has configured. */
export function appDownloadLinks(
  resources: readonly Resource[],
  options: { origin: string; language: string; ticket: string | null },
): { platform: AppPlatform; href: string }[] {
  const links: { platform: AppPlatform; href: string }[] = [];
  for (const platform of ['ios', 'android'] as const) {
    const resource = resources.find((item) => item.resourceType === appResourceTypes[platform]);
    const href = resource ? appDownloadUrl(resource.url, options) : null;
    if (href) links.push({ platform, href });
  }
  return links;
}
