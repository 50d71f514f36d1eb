import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The calls the server makes to itself while it sends a page carry this header with a secret of
 * this process, so the per-address rate limit counts the page once, not each call again (a
 * member's browser, which does not use the written answers, makes the calls itself as well).
 */
const selfCallHeader = 'x-taya-page-call';
const selfCallSecret = randomBytes(24).toString('hex');

/** A GET to this server as the page's caller: their host and address, the plan's language. */
function askSelf(app: FastifyInstance, plan: FirstAnswersPlan, req: FastifyRequest, url: string) {
  const headers: Record<string, string> = {
    accept: 'application/json',
    device: plan.device,
    language: plan.language,
    [selfCallHeader]: selfCallSecret,
  };
  if (req.headers.host) headers.host = req.headers.host;
  return app.inject({ method: 'GET', url, headers, remoteAddress: req.ip });
}

/** Whether a request is one of this process's own page calls. */
export function isPageSelfCall(req: FastifyRequest): boolean {
  const value = req.headers[selfCallHeader];
  if (typeof value !== 'string' || value.length !== selfCallSecret.length) return false;
  return timingSafeEqual(Buffer.from(value), Buffer.from(selfCallSecret));
}

/**
 * First answers in the page: the web build lists, per page path, the public GET calls that page
 * makes first (`<script type="application/json" id="first-answers-wanted">`). When the server
 * sends the page for one of those paths, it asks itself for each of them — with the caller's
 * host and address, so merchant routing, region rules and rate limits are the caller's — and
 * writes the successful answers into the page (`id="first-answers"`). The web app takes each one
 * instead of its first fetch, so a phone renders the page from the first response instead of
 * after a round trip per call.
 */
export interface FirstAnswersPlan {
  /** The interface language the listed calls were written for (their `Language` header). */
  language: string;
  /** The `Device` header the web app sends. */
  device: string;
  /** Page path → the GET calls that page makes first, exactly as the web app writes them. */
  pages: Record<string, string[]>;
  /**
   * Page path → markup the page's shell shows until the app renders (its first picture, say),
   * written where the built page has `<!--page-shell-->`.
   */
  shells?: Record<string, string>;
}

const wantedTag = /<script type="application\/json" id="first-answers-wanted">([^<]*)<\/script>/;

/** The plan written into the built page, and the page without it; none if the build has none. */
export function readFirstAnswersPlan(html: string): {
  plan: FirstAnswersPlan | null;
  html: string;
} {
  const match = wantedTag.exec(html);
  if (!match) return { plan: null, html };
  let plan: FirstAnswersPlan | null = null;
  try {
    const parsed = JSON.parse(match[1]!) as FirstAnswersPlan;
    const valid =
      typeof parsed.language === 'string' &&
      typeof parsed.device === 'string' &&
      typeof parsed.pages === 'object' &&
      Object.values(parsed.pages).every(
        (urls) => Array.isArray(urls) && urls.every((url) => typeof url === 'string'),
      ) &&
      Object.values(parsed.shells ?? {}).every((markup) => typeof markup === 'string');
    plan = valid ? parsed : null;
  } catch {
    plan = null;
  }
  return { plan, html: html.replace(wantedTag, '<!--first-answers-->') };
}

const resolvedImage = /<img\b[^>]*\bdata-resolve\b[^>]*>/g;
const srcAttribute = /\bsrc="(\/[^"]*)"/;
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page's shell markup with each `<img data-resolve src="/…">` pointed where its address
 * redirects (asked of this server, as the caller), or left out when it answers no picture: the
 * picture then starts downloading with the page, with no redirect in between.
 */
export async function pageShellFor(
  app: FastifyInstance,
  plan: FirstAnswersPlan,
  req: FastifyRequest,
): Promise<string> {
  const markup = plan.shells?.[req.url.split('?')[0]!];
  if (!markup) return '';
  const images = [...markup.matchAll(resolvedImage)].map((match) => match[0]);
  const resolved = new Map<string, string>();
  await Promise.all(
    images.map(async (tag) => {
      const src = srcAttribute.exec(tag)?.[1];
      let location: string | undefined;
      if (src) {
        const res = await askSelf(app, plan, req, src);
        const header = res.headers.location;
        if (res.statusCode >= 300 && res.statusCode < 400 && typeof header === 'string') {
          location = header;
        }
      }
      resolved.set(
        tag,
        location
          ? tag
              .replace(srcAttribute, `src="${escapeAttribute(location)}"`)
              .replace(' data-resolve', '')
          : '',
      );
    }),
  );
  return markup.replace(resolvedImage, (tag) => resolved.get(tag) ?? '');
}

/** JSON that is safe inside a script element whatever text the answers carry. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page's first answers as a script element, or nothing when the path has none. */
export async function firstAnswersFor(
  app: FastifyInstance,
  plan: FirstAnswersPlan,
  req: FastifyRequest,
): Promise<string> {
  const pagePath = req.url.split('?')[0]!;
  const urls = plan.pages[pagePath];
  if (!urls?.length) return '';
  const answers: Record<string, unknown> = {};
  await Promise.all(
    urls.map(async (url) => {
      const res = await askSelf(app, plan, req, url);
      if (res.statusCode !== 200) return;
      try {
        const body = res.json() as { success?: unknown };
        if (body.success === true) answers[url] = body;
      } catch {
        // Not JSON: the page makes that call itself.
      }
    }),
  );
  if (Object.keys(answers).length === 0) return '';
  const payload = {
    generatedAt: Date.now(),
    language: plan.language,
    answers,
  };
  return `<script type="application/json" id="first-answers">${scriptSafeJson(payload)}</script>`;
}
