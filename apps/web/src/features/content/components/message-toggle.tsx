import type { ReactNode } from 'react';
import { Icon } from '../../../components/icon';

export interface MessageToggleProps {
  /** The heading's class, which places it in its list. */
  className: string;
  title: string;
  expanded: boolean;
  /** The id of the text this opens, present while it is open. */
  contentId: string;
  onToggle: () => void;
  /** Shown before the title, e.g. the unread dot. */
  leading?: ReactNode;
  /** Shown after the title, e.g. an unread note for screen readers. */
  children?: ReactNode;
}

/** A message's or an announcement's title as a heading that opens and closes its text. */
export function MessageToggle({
  className,
  title,
  expanded,
  contentId,
  onToggle,
  leading,
  children,
}: MessageToggleProps) {
  return (
    <h3 className={className}>
      <button
        type="button"
        className="message-toggle"
        aria-expanded={expanded}
        aria-controls={expanded ? contentId : undefined}
        onClick={onToggle}
      >
        {leading}
        <span className="message-title" dir="auto">
          {title}
        </span>
        {children}
        <span className="message-chevron" aria-hidden="true">
          <Icon name="chevronDown" size={16} />
        </span>
      </button>
    </h3>
  );
}
