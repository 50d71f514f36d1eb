import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorRoles, type OperatorRole, type OpsOperatorRow } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/form';
import { errorMessage } from '../../components/states';
import { ApiError } from '../../lib/api-client';
import { parseAllowList, parseMerchants, type OperatorInput } from './api';

const reasonMin = 10;

/**
 * Create an operator (username, role, merchants, address allow-list) or change one (role,
 * merchants, allow-list); either way with a reason for the audit log.
 */
export function OperatorFormDialog({
  open,
  onOpenChange,
  editing,
  roles,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The operator being changed; null to create one. */
  editing: OpsOperatorRow | null;
  /** The roles the current operator may hand out. */
  roles: readonly OperatorRole[];
  onSubmit: (input: OperatorInput & { username: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [username, setUsername] = useState(editing?.username ?? '');
  const [role, setRole] = useState<OperatorRole>(
    (editing?.role as OperatorRole | undefined) ?? 'support',
  );
  const [merchants, setMerchants] = useState(editing?.merchants?.join(', ') ?? '');
  const [allowList, setAllowList] = useState(editing?.ipAllowList.join('\n') ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!editing && !/^[a-z][a-z0-9_]{2,31}$/.test(username))
      local.username = t('operators.form.usernameHint');
    if (reason.trim().length < reasonMin)
      local.reason = t('common.reasonMin', { count: reasonMin });
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await onSubmit({
        username,
        role,
        merchants: parseMerchants(merchants),
        ipAllowList: parseAllowList(allowList),
        reason: reason.trim(),
      });
      onOpenChange(false);
    } catch (failure) {
      const byField: Record<string, string> = {};
      if (failure instanceof ApiError)
        for (const f of failure.fields) byField[f.path.split('.')[0] ?? 'form'] = f.message;
      setErrors(Object.keys(byField).length ? byField : { form: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={
        editing
          ? t('operators.form.editTitle', { username: editing.username })
          : t('operators.form.createTitle')
      }
      description={editing ? t('operators.form.editText') : t('operators.form.createText')}
    >
      <form onSubmit={submit} noValidate data-testid="operator-form">
        {!editing && (
          <Field
            label={t('operators.username')}
            error={errors.username}
            hint={t('operators.form.usernameHint')}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                name="username"
                className="input"
                autoComplete="off"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
              />
            )}
          </Field>
        )}
        <Field label={t('operators.role')} error={errors.role}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              name="role"
              className="input"
              value={role}
              onChange={(e) => setRole(e.target.value as OperatorRole)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              {operatorRoles
                .filter((r) => roles.includes(r))
                .map((r) => (
                  <option key={r} value={r}>
                    {t(`operators.roles.${r}`)}
                  </option>
                ))}
            </select>
          )}
        </Field>
        <Field
          label={t('operators.merchants')}
          error={errors.merchants}
          hint={t('operators.form.merchantsHint')}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name="merchants"
              className="input"
              value={merchants}
              onChange={(e) => setMerchants(e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            />
          )}
        </Field>
        <Field
          label={t('operators.ipAllowList')}
          error={errors.ipAllowList}
          hint={t('operators.form.ipHint')}
        >
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              name="ipAllowList"
              className="input"
              rows={3}
              value={allowList}
              onChange={(e) => setAllowList(e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            />
          )}
        </Field>
        <Field
          label={t('common.reason')}
          error={errors.reason}
          hint={t('common.reasonMin', { count: reasonMin })}
        >
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              name="reason"
              className="input"
              rows={2}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            />
          )}
        </Field>
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy
              ? t('common.working')
              : editing
                ? t('operators.form.save')
                : t('operators.form.create')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
