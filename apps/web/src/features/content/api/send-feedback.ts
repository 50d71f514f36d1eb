import { useMutation } from '@tanstack/react-query';
import type { FeedbackBody } from '@taya/contracts';
import { apiPut, type Parser } from '../../../lib/api-client';

export const feedbackPath = '/wps/feedback';

/** The server answers with the new feedback's id; nothing else about it is ours to read. */
const feedbackAnswer: Parser<{ id: string }> = {
  parse(input: unknown) {
    const id = (input as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') throw new TypeError('feedback answer without an id');
    return { id };
  },
};

/** Sends the feedback form; the captcha answer is checked against the image bound by cookie. */
export function sendFeedback(body: FeedbackBody): Promise<{ id: string }> {
  return apiPut(feedbackPath, { body, schema: feedbackAnswer });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
