import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../auth/can';
import { ConfirmDialog } from '../../components/dialog';
import type { RowAction } from './api';

/** The least reason a publish, unpublish or removal takes (the audit log keeps it). */
export const reasonMin = 5;

/**
 * Edit, publish or unpublish, and delete for one row; each write asks for a reason first.
 * `published` says which of publish / unpublish is offered.
 */
export function RowActions({
  label,
  published,
  onEdit,
  onAction,
  actions = ['publish', 'unpublish', 'delete'],
}: {
  label: string;
  published: boolean;
  onEdit?: () => void;
  onAction: (action: RowAction, reason: string) => Promise<unknown>;
  actions?: readonly RowAction[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<RowAction | null>(null);
  const offered = actions.filter((a) => a === 'delete' || (a === 'publish') !== published);
  return (
    <Can action="content.write">
      <span className="row-actions" onClick={(event) => event.stopPropagation()}>
        {onEdit && (
          <button
            type="button"
            className="btn btn-small"
            onClick={onEdit}
            aria-label={`${t('content.actions.edit')}: ${label}`}
          >
            {t('content.actions.edit')}
          </button>
        )}
        {offered.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'delete' ? 'btn btn-small btn-danger' : 'btn btn-small'}
            onClick={() => setOpen(action)}
            aria-label={`${t(`content.actions.${action}`)}: ${label}`}
          >
            {t(`content.actions.${action}`)}
          </button>
        ))}
        <ConfirmDialog
          open={open !== null}
          onOpenChange={(next) => !next && setOpen(null)}
          title={open ? t(`content.confirm.${open}Title`, { name: label }) : ''}
          description={open ? t(`content.confirm.${open}Text`) : ''}
          confirmLabel={open ? t(`content.actions.${open}`) : ''}
          tone={open === 'delete' || open === 'unpublish' ? 'danger' : 'primary'}
          reason={{ minLength: reasonMin }}
          onConfirm={async (reason) => {
            if (open) await onAction(open, reason);
          }}
        />
      </span>
    </Can>
  );
}
