import { createRequire } from 'node:module';
import type * as Xss from 'xss';

// A CommonJS package whose exports Node's ESM loader cannot all detect: required, typed as itself.
const { FilterXSS, escapeAttrValue } = createRequire(import.meta.url)('xss') as typeof Xss;

/** A link may go to an https address or a path of the site itself (not `//host`). */
export function isSafeHelpHref(href: string): boolean {
  return /^https:\/\/[^\s]+$/i.test(href) || /^\/(?!\/)[^\s]*$/.test(href);
}

const filter = new FilterXSS({
  whiteList: {
    p: [],
    br: [],
    strong: [],
    em: [],
    ul: [],
    ol: [],
    li: [],
    h3: [],
    h4: [],
    a: ['href'],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript'],
  allowCommentTag: false,
  css: false,
  onTagAttr(tag, name, value) {
    if (tag === 'a' && name === 'href') {
      const href = value.trim();
      return isSafeHelpHref(href) ? `href="${escapeAttrValue(href)}"` : '';
    }
    return undefined;
  },
});

/**
 * Operator HTML reduced to simple formatting: p, br, strong, em, ul, ol, li, h3, h4 and links to
 * https addresses or site paths. Every other tag goes (scripts and styles with their text), and so
 * does every attribute but a link's href.
 */
export function sanitiseHelpHtml(html: string): string {
  return filter.process(html).trim();
}
