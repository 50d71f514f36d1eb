import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The arena's video: an HLS stream played by hls.js (or the browser itself where it plays HLS
 * natively, as Safari does) when the arena has a stream address; an honest "stream offline"
 * panel when it has none or the stream fails.
 */
export function StreamPanel({ url, arena }: { url: string | null; arena: string }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  /** The address that failed to play (a new address gets a fresh try). */
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = failedUrl !== null && failedUrl === url;

  useEffect(() => {
    const el = video.current;
    if (!url || !el) return;
    let destroy: (() => void) | null = null;
    let cancelled = false;
    if (el.canPlayType('application/vnd.apple.mpegurl')) {
      el.src = url;
      return () => {
        el.removeAttribute('src');
      };
    }
    void import('hls.js').then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        setFailedUrl(url);
        return;
      }
      const hls = new Hls({ lowLatencyMode: true });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) setFailedUrl(url);
      });
      hls.loadSource(url);
      hls.attachMedia(el);
      destroy = () => hls.destroy();
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [url]);

  if (!url || failed)
    return (
      <div className="sabong-stream is-offline" data-testid="sabong-stream" data-state="offline">
        <span className="sabong-stream-dot" aria-hidden="true" />
        <strong>{t('cockfight.stream_offline')}</strong>
        <span>{t('cockfight.stream_offline_hint')}</span>
      </div>
    );
  return (
    <div className="sabong-stream" data-testid="sabong-stream" data-state="live">
      <video
        ref={video}
        className="sabong-video"
        autoPlay
        muted
        playsInline
        controls
        aria-label={t('cockfight.stream_label', { arena })}
        onError={() => setFailedUrl(url)}
      />
    </div>
  );
}
