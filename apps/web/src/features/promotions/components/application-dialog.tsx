import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { FormAlert } from '../../../components/form-alert';
import { errorText } from '../../../lib/error-text';
import { useImageAttachments } from '../../../lib/upload-images';
import { ImagePicker } from '../../../components/image-picker';
import { useRequestId } from '../../../lib/request-id';
import { useApplyPromotion } from '../api/apply-promotion';

/** SPEC §3 activity application: a comment of at most 140 characters. */
export const commentMaxLength = 140;

/**
 * Applying to an application promotion (SPEC §3): a comment and up to three images, which an
 * operator reads before approving or rejecting. The images go up first (`/wps/member/uploads`,
 * as the cashier's proofs do); the same form sent again after an unknown outcome reuses both the
 * uploads and the request id, so nothing is applied twice.
 */
export function ApplicationDialog({
  promotionId,
  title,
  onClose,
  onApplied,
}: {
  promotionId: string;
  title: string;
  onClose: () => void;
  onApplied: () => void;
}) {
  const { t } = useTranslation();
  const commentId = useId();
  const hintId = `${commentId}-hint`;
  const errorId = `${commentId}-error`;
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [commentError, setCommentError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const attachments = useImageAttachments();
  const apply = useApplyPromotion();
  const requestId = useRequestId();
  const busy = attachments.isPending || apply.isPending;
  const length = comment.trim().length;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    if (length === 0) {
      setCommentError(t('promotions.apply.comment_required'));
      return;
    }
    let imageIds: string[];
    try {
      imageIds = await attachments.idsFor(files);
    } catch (error) {
      setFormError(errorText(t, error));
      return;
    }
    const text = comment.trim();
    const id = requestId.take(JSON.stringify({ promotionId, text, imageIds }));
    apply.mutate(
      { promotionId, requestId: id, comment: text, imageIds },
      {
        onSuccess: () => {
          requestId.settle();
          onApplied();
        },
        onError: (error) => {
          requestId.settle(error);
          setFormError(errorText(t, error));
        },
      },
    );
  };

  return (
    <Modal title={t('promotions.apply.title')} onClose={onClose} testId="application-dialog">
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p className="promo-result-title">{title}</p>
        <FormAlert message={formError} />
        <div className="field">
          <label htmlFor={commentId} className="field-label" data-required="true">
            {t('promotions.apply.comment')}
          </label>
          <div className="field-control">
            <textarea
              id={commentId}
              className="field-input promo-comment"
              rows={4}
              required
              maxLength={commentMaxLength}
              value={comment}
              disabled={busy}
              aria-invalid={commentError ? true : undefined}
              aria-describedby={commentError ? `${errorId} ${hintId}` : hintId}
              onChange={(event) => {
                setComment(event.target.value);
                setCommentError(null);
              }}
            />
          </div>
          <div className="feedback-meta">
            <p id={hintId} className="field-hint">
              {t('promotions.apply.comment_hint', { max: commentMaxLength })}
            </p>
            <p className="feedback-counter" data-testid="comment-counter">
              <span aria-hidden="true">
                {comment.length}/{commentMaxLength}
              </span>
              <span className="visually-hidden">
                {t('promotions.apply.counter', { used: comment.length, max: commentMaxLength })}
              </span>
            </p>
          </div>
          {commentError ? (
            <p id={errorId} className="field-error">
              {commentError}
            </p>
          ) : null}
        </div>
        <ImagePicker
          label={t('promotions.apply.images')}
          files={files}
          onChange={setFiles}
          disabled={busy}
        />
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
          {busy ? t('promotions.apply.sending') : t('promotions.apply.send')}
        </button>
      </form>
    </Modal>
  );
}
