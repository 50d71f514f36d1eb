import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { DateTime, JsonView } from '../../components/display';

/** One audit row in full: who, what, when, the values before and after, and its chain hashes. */
export function AuditDetail({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={entry !== null}
      onOpenChange={(open) => !open && onClose()}
      title={entry ? `${entry.action} · #${entry.seq}` : ''}
      side
    >
      {entry && (
        <div data-testid="audit-detail">
          <dl className="details">
            <dt>{t('audit.at')}</dt>
            <dd>
              <DateTime iso={entry.at} />
            </dd>
            <dt>{t('audit.actor')}</dt>
            <dd>
              {entry.actorUsername ?? t('audit.system')} {entry.actorRole && `(${entry.actorRole})`}
            </dd>
            <dt>{t('audit.merchant')}</dt>
            <dd>{entry.merchantCode ?? '—'}</dd>
            <dt>{t('audit.address')}</dt>
            <dd>{entry.address ?? '—'}</dd>
            <dt>{t('audit.target')}</dt>
            <dd>
              {entry.targetType ?? '—'} {entry.targetId && <code>{entry.targetId}</code>}
            </dd>
            <dt>{t('audit.reason')}</dt>
            <dd>{entry.reason ?? '—'}</dd>
          </dl>
          <div className="diff">
            <section>
              <h3>{t('audit.before')}</h3>
              <JsonView value={entry.before} label={t('audit.before')} />
            </section>
            <section>
              <h3>{t('audit.after')}</h3>
              <JsonView value={entry.after} label={t('audit.after')} />
            </section>
          </div>
          <dl className="details details-hash">
            <dt>{t('audit.hash')}</dt>
            <dd>
              <code>{entry.hash}</code>
            </dd>
            <dt>{t('audit.prevHash')}</dt>
            <dd>
              <code>{entry.prevHash}</code>
            </dd>
          </dl>
        </div>
      )}
    </Dialog>
  );
}
