import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackTypes, type FeedbackBody } from '@taya/contracts';
import { CaptchaField } from '../../../components/captcha-field';
import { FormAlert } from '../../../components/form-alert';
import { Modal } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useRefreshCaptcha } from '../../../lib/captcha';
import { useSendFeedback } from '../api/send-feedback';

/** SPEC §5: the description is 20 to 200 characters (the server holds the same bounds). */
export const feedbackMinLength = 20;
export const feedbackMaxLength = 200;

type FeedbackField = 'type' | 'content' | 'sender' | 'captcha';
type FeedbackType = FeedbackBody['type'];

export interface FeedbackPopupProps {
  /** The member's username, sent as the sender and not editable; null for a visitor. */
  username: string | null;
  onClose: () => void;
}

/**
 * The feedback popup (SPEC §2, §5): question type, description with a 20–200 counter, sender and
 * captcha. Empty fields are named in one warning and nothing is sent until they are filled.
 */
export function FeedbackPopup({ username, onClose }: FeedbackPopupProps) {
  const { t, i18n } = useTranslation();
  const descriptionId = useId();
  const [type, setType] = useState('');
  const [content, setContent] = useState('');
  const [typedSender, setTypedSender] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FeedbackField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const send = useSendFeedback();
  const refreshCaptcha = useRefreshCaptcha();
  const sender = username ?? typedSender;

  if (done) {
    return (
      <Modal title={t('content.feedback.title')} onClose={onClose} testId="feedback-popup">
        <div className="feedback-done" data-testid="feedback-done">
          <p role="status">{t('content.feedback.done')}</p>
          <button type="button" className="button button-primary" onClick={onClose}>
            {t('app.close')}
          </button>
        </div>
      </Modal>
    );
  }

  const labels: Record<FeedbackField, string> = {
    type: t('content.feedback.type'),
    content: t('content.feedback.description'),
    sender: t('content.feedback.sender'),
    captcha: t('fields.captcha'),
  };
  const filled: Record<FeedbackField, boolean> = {
    type: type !== '',
    content: content.trim() !== '',
    sender: sender.trim() !== '',
    captcha: captcha.trim() !== '',
  };
  const empty = (Object.keys(filled) as FeedbackField[]).filter((field) => !filled[field]);
  // After a submit the warning follows the form: a field drops out of it once filled.
  const emptyWarning =
    submitted && empty.length > 0
      ? t('content.feedback.empty_fields', {
          fields: new Intl.ListFormat(i18n.language, { type: 'unit', style: 'short' }).format(
            empty.map((field) => labels[field]),
          ),
        })
      : null;
  const length = content.length;
  const tooShort = filled.content && content.trim().length < feedbackMinLength;

  const fieldError = (field: FeedbackField, clientError: string | null = null) =>
    serverErrors[field] ?? (submitted ? clientError : null);
  const contentError = fieldError(
    'content',
    tooShort ? t('content.feedback.too_short', { min: feedbackMinLength }) : null,
  );
  const hintId = `${descriptionId}-hint`;
  const errorId = `${descriptionId}-error`;
  const clearServerError = (field: FeedbackField) =>
    setServerErrors((previous) => {
      if (!(field in previous)) return previous;
      const next = { ...previous };
      delete next[field];
      return next;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (empty.length > 0 || tooShort || send.isPending) return;
    send.mutate(
      {
        content: content.trim(),
        sender: sender.trim(),
        type: Number(type) as FeedbackType,
        captcha: captcha.trim(),
      },
      {
        onSuccess: () => setDone(true),
        onError: (error) => {
          // A request the server turned away for its fields never reached the captcha check;
          // any other failure may have used the answer up (one try), so a new image goes up.
          const checkedFields =
            error instanceof ApiError && error.errorCode === 'request_param_err';
          if (!checkedFields) {
            refreshCaptcha();
            setCaptcha('');
          }
          const problems = fieldProblems(error, (code) =>
            code === 'captcha_invalid' ? t('errors.captcha_invalid') : t('validation.invalid'),
          );
          setServerErrors(problems);
          setFormError(
            Object.keys(problems).length > 0
              ? t('validation.check_fields')
              : error instanceof ApiError
                ? t(error.messageKey)
                : t('errors.unknown_error'),
          );
        },
      },
    );
  };

  return (
    <Modal title={t('content.feedback.title')} onClose={onClose} testId="feedback-popup">
      <form className="auth-form" noValidate onSubmit={onSubmit} data-testid="feedback-form">
        <p className="feedback-intro">{t('content.feedback.intro')}</p>
        {emptyWarning ? (
          <p className="form-alert" role="alert" data-testid="feedback-empty-warning">
            {emptyWarning}
          </p>
        ) : (
          <FormAlert message={formError} />
        )}
        <SelectField
          label={labels.type}
          name="type"
          required
          value={type}
          aria-invalid={fieldError('type') ? true : undefined}
          onChange={(event) => {
            setType(event.target.value);
            clearServerError('type');
          }}
        >
          <option value="" disabled>
            {t('content.feedback.type_placeholder')}
          </option>
          {feedbackTypes.map((value) => (
            <option key={value} value={String(value)}>
              {t(`content.feedback.types.${value}`)}
            </option>
          ))}
        </SelectField>
        <div className="field">
          <label htmlFor={descriptionId} className="field-label" data-required="true">
            {labels.content}
          </label>
          <div className="field-control">
            <textarea
              id={descriptionId}
              name="content"
              className="field-input feedback-description"
              required
              rows={5}
              maxLength={feedbackMaxLength}
              value={content}
              aria-invalid={contentError ? true : undefined}
              aria-describedby={contentError ? `${errorId} ${hintId}` : hintId}
              onChange={(event) => {
                setContent(event.target.value);
                clearServerError('content');
              }}
            />
          </div>
          <div className="feedback-meta">
            <p id={hintId} className="field-hint">
              {t('content.feedback.description_hint', {
                min: feedbackMinLength,
                max: feedbackMaxLength,
              })}
            </p>
            <p
              className="feedback-counter"
              data-short={length < feedbackMinLength ? 'true' : undefined}
              data-testid="feedback-counter"
            >
              <span aria-hidden="true">
                {length}/{feedbackMaxLength}
              </span>
              <span className="visually-hidden">
                {t('content.feedback.counter_label', { count: length, max: feedbackMaxLength })}
              </span>
            </p>
          </div>
          {contentError ? (
            <p id={errorId} className="field-error">
              {contentError}
            </p>
          ) : null}
        </div>
        <TextField
          label={labels.sender}
          name="sender"
          required
          autoComplete={username === null ? 'name' : 'username'}
          maxLength={40}
          readOnly={username !== null}
          value={sender}
          error={fieldError('sender')}
          onChange={(event) => {
            setTypedSender(event.target.value);
            clearServerError('sender');
          }}
        />
        <CaptchaField
          name="captcha"
          value={captcha}
          onChange={(event) => {
            setCaptcha(event.target.value);
            clearServerError('captcha');
          }}
          onBlur={() => undefined}
          error={fieldError('captcha')}
        />
        <button type="submit" className="button button-primary" disabled={send.isPending}>
          {send.isPending ? t('content.feedback.sending') : t('content.feedback.submit')}
        </button>
      </form>
    </Modal>
  );
}

/** The server's field issues (and a wrong captcha) under the inputs they are about. */
function fieldProblems(
  error: unknown,
  message: (code: string) => string,
): Partial<Record<FeedbackField, string>> {
  if (!(error instanceof ApiError)) return {};
  const known: readonly string[] = ['type', 'content', 'sender', 'captcha'];
  const problems: Partial<Record<FeedbackField, string>> = {};
  for (const issue of error.fields) {
    if (known.includes(issue.path))
      problems[issue.path as FeedbackField] ??= message(error.errorCode);
  }
  if (error.errorCode === 'captcha_invalid') problems.captcha ??= message(error.errorCode);
  return problems;
}
