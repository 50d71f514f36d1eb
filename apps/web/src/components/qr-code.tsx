import { Suspense } from 'react';
import { onDemand } from '../lib/on-demand';

const QRCodeSVG = onDemand(() => import('qrcode.react').then((m) => m.QRCodeSVG)).Component;

export interface QrCodeProps {
  value: string;
  /** Width and height in px. */
  size: number;
  label: string;
}

/**
 * A QR code as an SVG image named `label`. Its library loads on demand; until then an empty box of
 * the same size holds its place.
 */
export function QrCode({ value, size, label }: QrCodeProps) {
  return (
    <Suspense fallback={<span style={{ display: 'block', width: size, height: size }} />}>
      <QRCodeSVG value={value} size={size} marginSize={1} role="img" aria-label={label} />
    </Suspense>
  );
}
