import type { FastifyRequest } from 'fastify';
import Bowser from 'bowser';
import { requestHeaders } from '@taya/contracts';

/** A short request header's value; absent, empty or overlong ones count as not sent. */
export function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' && v.length > 0 && v.length <= 64 ? v : undefined;
}

/**
 * What the security centre shows as a log-in's device: the browser and system read from the
 * user agent ("Chrome 131 · Android 14"), else the client's own device kind (WEB, H5, IOS, ANDROID).
 */
export function describeDevice(req: FastifyRequest): string | undefined {
  const kind = header(req, requestHeaders.device);
  const agent = req.headers['user-agent'];
  if (typeof agent !== 'string' || agent.length === 0 || agent.length > 1024) return kind;
  const parsed = Bowser.parse(agent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]]
    .filter(Boolean)
    .join(' ');
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version]
    .filter(Boolean)
    .join(' ');
  const described = [browser, system].filter(Boolean).join(' · ');
  return described ? described.slice(0, 100) : kind;
}
