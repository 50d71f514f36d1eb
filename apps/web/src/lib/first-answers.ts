import { currentLanguage } from './i18n';
import { getMerchantCode, getToken } from './session';

/**
 * Answers the server wrote into the page (see `app/first-answers.ts`): each is taken once, by the
 * first GET of exactly its URL, in place of a fetch. They are a visitor's answers in the page's
 * language, so they are not used with a session, a chosen merchant or another language, nor
 * once they are a minute old (a page kept by the offline worker).
 */
interface FirstAnswers {
  generatedAt: number;
  language: string;
  answers: Record<string, unknown>;
}

const maxAgeMs = 60_000;
let first: FirstAnswers | null | undefined;

function read(): FirstAnswers | null {
  const element = typeof document === 'undefined' ? null : document.getElementById('first-answers');
  if (!element?.textContent) return null;
  try {
    const parsed = JSON.parse(element.textContent) as FirstAnswers;
    return typeof parsed.generatedAt === 'number' && typeof parsed.answers === 'object'
      ? parsed
      : null;
  } catch {
    return null;
  }
}

/** The page's answer to `GET url`, once; undefined when there is none to use. */
export function takeFirstAnswer(url: string): unknown {
  if (first === undefined) first = read();
  if (!first || !(url in first.answers)) return undefined;
  const answer = first.answers[url];
  delete first.answers[url];
  const usable =
    Date.now() - first.generatedAt < maxAgeMs &&
    first.language === currentLanguage() &&
    !getToken() &&
    !getMerchantCode();
  return usable ? answer : undefined;
}
