import { useCallback, useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadLimits } from '@taya/contracts';
import { Icon } from './icon';
import { addImages, imageAccept, type ImageProblem } from '../lib/images';

const maxMegabytes = uploadLimits.maxBytes / (1024 * 1024);

/**
 * Picks 1–3 png or jpg images (receipts, proof) and shows them before anything is sent. Files the
 * server would refuse are refused here, with the server's own message. The parent holds the
 * files; `error` is its message for the group (none attached, the upload failed).
 */
export function ImagePicker({
  label,
  files,
  onChange,
  required = false,
  error = null,
  disabled = false,
}: {
  label: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  required?: boolean;
  error?: string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const message = problem ? t(`errors.${problem}`) : error;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again (after removing it) is still a change.
    event.target.value = '';
    if (picked.length === 0) return;
    const next = addImages(files, picked);
    setProblem(next.problem);
    if (next.files.length !== files.length) onChange(next.files);
  };

  const remove = (index: number) => {
    setProblem(null);
    onChange(files.filter((_, at) => at !== index));
  };

  return (
    <fieldset className="image-picker">
      <legend className="field-label" data-required={required ? 'true' : undefined}>
        {label}
      </legend>
      <p id={hintId} className="field-hint">
        {t('cashier.images_hint', { max: uploadLimits.maxFiles, size: maxMegabytes })}
      </p>
      {files.length > 0 ? (
        <ul className="image-thumbs">
          {files.map((file, index) => (
            <li key={`${index}-${file.name}-${file.size}`} className="image-thumb">
              <ImagePreview file={file} alt={t('cashier.image_n', { n: index + 1 })} />
              <button
                type="button"
                className="icon-button image-remove"
                aria-label={t('cashier.remove_image', { n: index + 1 })}
                title={t('cashier.remove_image', { n: index + 1 })}
                disabled={disabled}
                onClick={() => remove(index)}
              >
                <Icon name="close" size={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {files.length < uploadLimits.maxFiles ? (
        <label className={`button button-secondary image-add${disabled ? ' is-disabled' : ''}`}>
          <input
            type="file"
            className="visually-hidden"
            accept={imageAccept}
            multiple
            disabled={disabled}
            aria-describedby={message ? `${hintId} ${errorId}` : hintId}
            onChange={pick}
          />
          {t('cashier.add_images')}
        </label>
      ) : null}
      {message ? (
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * A local preview. The object URL lives exactly as long as the <img> shows this file: made when
 * the element attaches, revoked when it detaches or shows another file (also under StrictMode's
 * double attach).
 */
function ImagePreview({ file, alt }: { file: File; alt: string }) {
  const attach = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return undefined;
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return <img ref={attach} alt={alt} />;
}
