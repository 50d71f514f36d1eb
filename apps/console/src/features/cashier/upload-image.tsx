import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog';
import { fetchUpload } from './api';

/** One uploaded image as a thumbnail, loaded with the operator's token; a click enlarges it. */
export function UploadThumb({ id, label }: { id: string; label: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    fetchUpload(id, controller.signal).then(
      (objectUrl) => {
        made = objectUrl;
        setUrl(objectUrl);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);

  if (failed) return <span className="muted">{t('cashier.imageFailed')}</span>;
  if (!url) return <span className="muted">{t('cashier.imageLoading')}</span>;
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        style={{ padding: 2 }}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        aria-label={t('cashier.enlarge', { label })}
      >
        <img
          src={url}
          alt={label}
          width={40}
          height={40}
          style={{ objectFit: 'cover', display: 'block', borderRadius: 4 }}
          data-testid="upload-thumb"
        />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={label}>
        <img
          src={url}
          alt={label}
          style={{ maxWidth: '100%', maxHeight: '70vh', display: 'block', margin: '0 auto' }}
          data-testid="upload-large"
        />
      </Dialog>
    </>
  );
}
