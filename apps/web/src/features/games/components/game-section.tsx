import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/icon';

/** A titled block of the lobby: heading, optional count and actions (More, refresh). */
export function GameSection({
  title,
  icon,
  moreHref,
  actions,
  testId,
  className,
  children,
}: {
  title: string;
  /** Extra class on the section, e.g. `winner-board`. */
  className?: string;
  icon?: IconName;
  /** Shown as a "More" link when there is more than the section shows. */
  moreHref?: string | null;
  actions?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      className={className ? `game-section ${className}` : 'game-section'}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <div className="game-section-head">
        <h2 id={titleId} className="game-section-title">
          {icon ? (
            <span className="game-section-icon">
              <Icon name={icon} size={18} />
            </span>
          ) : null}
          {title}
        </h2>
        <div className="game-section-actions">
          {actions}
          {moreHref ? (
            <Link
              to={moreHref}
              className="button button-secondary button-small"
              aria-label={t('games.more_named', { name: title })}
            >
              {t('games.more')}
              <Icon name="chevronRight" size={16} />
            </Link>
          ) : null}
        </div>
      </div>
      {children}
    </section>
  );
}
