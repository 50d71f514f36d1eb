import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  customerServicePositions,
  customerServiceTypes,
  knownResourceTypes,
  updateCustomerServiceBodySchema,
  updateResourceBodySchema,
  type OpsCustomerService,
  type OpsResource,
} from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import {
  addCustomerService,
  addResource,
  reasonMin,
  updateCustomerService,
  updateResource,
} from './settings-api';

const sort = z.coerce.number<string | number>().int().min(0).max(9999);
const reason = z.string().trim().min(reasonMin).max(500);
const resourceFormSchema = updateResourceBodySchema.extend({ sort, reason });
const customerServiceFormSchema = updateCustomerServiceBodySchema.extend({ sort, reason });

/** The dialog's buttons. */
function Actions({ busy, onClose, label }: { busy: boolean; onClose: () => void; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="dialog-actions">
      <button type="button" className="btn" onClick={onClose} disabled={busy}>
        {t('common.cancel')}
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('common.working') : label}
      </button>
    </div>
  );
}

/** Adds a site resource (`row` null) or edits one: type, label, address, order. */
export function ResourceDialog({
  merchantCode,
  row,
  onClose,
  onSaved,
}: {
  merchantCode: string;
  row: OpsResource | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(resourceFormSchema, {
    defaultValues: {
      resourceType: row?.resourceType ?? '',
      labelNameEn: row?.labelNameEn ?? '',
      url: row?.url ?? 'https://',
      sort: row?.sort ?? 0,
      reason: '',
    },
  });
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    try {
      if (row) await updateResource(row.id, values);
      else await addResource({ merchantCode, ...values });
      await onSaved();
      onClose();
    } catch (failure) {
      applyServerError(form, failure);
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !busy && onClose()}
      title={row ? t('system.resources.editTitle') : t('system.resources.addTitle')}
      description={t('system.resources.formDescription')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="resource-form">
        <TextField
          form={form}
          name="resourceType"
          label={t('system.resources.type')}
          hint={t('system.resources.typeHint')}
          list="resource-types"
          autoComplete="off"
        />
        <datalist id="resource-types">
          {knownResourceTypes.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
        <TextField form={form} name="labelNameEn" label={t('system.resources.label')} />
        <TextField
          form={form}
          name="url"
          label={t('system.resources.url')}
          hint={t('system.resources.urlHint')}
        />
        <TextField
          form={form}
          name="sort"
          type="number"
          min={0}
          label={t('system.resources.sort')}
        />
        <TextField
          form={form}
          name="reason"
          label={t('common.reason')}
          hint={t('common.reasonMin', { count: reasonMin })}
        />
        <FormError message={form.formState.errors.root?.server?.message} />
        <Actions busy={busy} onClose={onClose} label={t('system.resources.save')} />
      </form>
    </Dialog>
  );
}

/** Adds a customer-service entry (`row` null) or edits one: channel, place, address, order. */
export function CustomerServiceDialog({
  merchantCode,
  row,
  onClose,
  onSaved,
}: {
  merchantCode: string;
  row: OpsCustomerService | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(customerServiceFormSchema, {
    defaultValues: {
      csType: row?.csType ?? 'LIVECHAT',
      csPosition: row?.csPosition ?? 'MENU',
      path: row?.path ?? 'https://',
      sort: row?.sort ?? 0,
      reason: '',
    },
  });
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    try {
      if (row) await updateCustomerService(row.id, values);
      else await addCustomerService({ merchantCode, ...values });
      await onSaved();
      onClose();
    } catch (failure) {
      applyServerError(form, failure);
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !busy && onClose()}
      title={row ? t('system.desks.editTitle') : t('system.desks.addTitle')}
      description={t('system.desks.formDescription')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="desk-form">
        <TextField
          form={form}
          name="csType"
          label={t('system.desks.type')}
          list="desk-types"
          autoComplete="off"
        />
        <datalist id="desk-types">
          {customerServiceTypes.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
        <TextField
          form={form}
          name="csPosition"
          label={t('system.desks.position')}
          hint={t('system.desks.positionHint')}
          list="desk-positions"
          autoComplete="off"
        />
        <datalist id="desk-positions">
          {customerServicePositions.map((position) => (
            <option key={position} value={position} />
          ))}
        </datalist>
        <TextField
          form={form}
          name="path"
          label={t('system.desks.path')}
          hint={t('system.desks.pathHint')}
        />
        <TextField form={form} name="sort" type="number" min={0} label={t('system.desks.sort')} />
        <TextField
          form={form}
          name="reason"
          label={t('common.reason')}
          hint={t('common.reasonMin', { count: reasonMin })}
        />
        <FormError message={form.formState.errors.root?.server?.message} />
        <Actions busy={busy} onClose={onClose} label={t('system.desks.save')} />
      </form>
    </Dialog>
  );
}
