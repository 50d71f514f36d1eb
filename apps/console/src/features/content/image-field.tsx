import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../components/states';
import { uploadImages } from './api';

/**
 * The images of an item (site paths or https addresses): upload PNG / JPG files, preview them,
 * remove one. At most `max`.
 */
export function ImageField({
  merchantCode,
  label,
  value,
  onChange,
  max = 5,
  error,
}: {
  merchantCode: string;
  label: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  max?: number;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = failure ?? error;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {value.length === 0 ? (
        <p className="field-hint">{t('content.form.noImage')}</p>
      ) : (
        <ul className="content-images" aria-label={t('content.form.preview')}>
          {value.map((src, i) => (
            <li key={`${src}-${i}`}>
              <img
                src={src}
                alt={`${t('content.form.preview')} ${i + 1}`}
                data-testid="image-preview"
              />
              <button
                type="button"
                className="btn btn-small btn-ghost"
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                {t('content.form.removeImage')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {value.length < max && (
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg"
          className="input"
          disabled={busy}
          aria-describedby={`${id}-hint`}
          data-testid="image-upload"
          onChange={async (event) => {
            const files = [...(event.target.files ?? [])].slice(0, max - value.length);
            event.target.value = '';
            if (files.length === 0) return;
            setBusy(true);
            setFailure(null);
            try {
              onChange([...value, ...(await uploadImages(merchantCode, files))]);
            } catch (err) {
              setFailure(errorMessage(err));
            } finally {
              setBusy(false);
            }
          }}
        />
      )}
      <p className="field-hint" id={`${id}-hint`}>
        {busy ? t('content.form.uploading') : t('content.form.uploadHint')}
      </p>
      {shown && (
        <p className="field-error" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
