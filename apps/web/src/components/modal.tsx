import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector));
}

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** SPEC §4: modals close on a click on the cover unless that is turned off. */
  closeOnCover?: boolean;
  /**
   * False for a modal the player must finish (a forced password change, SPEC §2's disclaimer):
   * no close button, Escape and cover clicks do nothing.
   */
  dismissible?: boolean;
  /** Closes the modal by itself after this many milliseconds (a dismissible modal only). */
  timeoutMs?: number;
  /** Extra class on the dialog box, e.g. `modal-wide`. */
  className?: string;
  /** `data-testid` on the dialog box. */
  testId?: string;
}

/**
 * An accessible modal dialog: focus moves inside on open and returns on close, Tab stays inside,
 * Escape closes. Rendered into <body> so no ancestor's overflow or stacking can clip it.
 */
export function Modal({
  title,
  onClose,
  children,
  closeOnCover = true,
  dismissible = true,
  timeoutMs,
  className,
  testId,
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(() => {
    if (dismissible) onClose();
  });

  useEffect(() => {
    if (timeoutMs === undefined || !dismissible) return;
    const timer = window.setTimeout(() => close(), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [timeoutMs, dismissible]);

  // A layout effect so focus is inside before the browser paints: no frame where keys go elsewhere.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) (focusableIn(dialog)[0] ?? dialog).focus();

    // On the document, not the dialog: Escape must work even if focus was lost to <body>.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === 'Tab' && dialog) {
        trapTab(event, dialog);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <div
      className="modal-cover"
      onClick={(event) => {
        if (dismissible && closeOnCover && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {dismissible ? (
            <button
              type="button"
              className="icon-button"
              onClick={onClose}
              aria-label={t('app.close')}
            >
              <Icon name="close" />
            </button>
          ) : null}
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

function trapTab(event: KeyboardEvent, dialog: HTMLElement): void {
  const items = focusableIn(dialog);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
