import DOMPurify from 'dompurify';

/** The formatting help articles may use: the server's allow-list, applied again on display. */
const allowedTags = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'h3', 'h4', 'a'];

/** A link may go to an https address or a path of this site (not `//host`). */
export function isSafeHelpHref(href: string): boolean {
  return /^https:\/\/\S+$/i.test(href) || /^\/(?!\/)\S*$/.test(href);
}

// An instance of its own, so this hook never touches other users of DOMPurify.
const purify = DOMPurify(window);
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  const href = node.getAttribute('href')?.trim() ?? null;
  if (href !== null && !isSafeHelpHref(href)) node.removeAttribute('href');
  else if (href !== null && href.toLowerCase().startsWith('https:')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Operator HTML of a help article, reduced to the allow-list for `dangerouslySetInnerHTML`. */
export function sanitiseHelpHtml(html: string): string {
  return purify.sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: ['href'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
