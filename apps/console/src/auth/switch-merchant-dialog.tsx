import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { OperatorMe } from '@taya/contracts';
import { operatorLoginRequest } from '@taya/contracts';
import { Dialog } from '../components/dialog';
import { applyServerError, Field, FormError, TextField, useZodForm } from '../components/form';
import { getToken } from '../lib/session';
import { logIn } from './api';
import { useOperator } from './operator-context';
import { post } from '../lib/api-client';

const switchForm = operatorLoginRequest.pick({ password: true, code: true }).extend({
  merchantCode: z.string().regex(/^[A-Z0-9]{2,16}$/, 'A merchant code'),
});

/**
 * Works on another of the operator's merchants: a session is bound to one merchant, so this logs
 * in again (password and a fresh code) with `merchantCode` and then ends the old session.
 */
export function SwitchMerchantDialog({
  open,
  onOpenChange,
  operator,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  operator: OperatorMe;
}) {
  const { t } = useTranslation();
  const { signedIn } = useOperator();
  const queryClient = useQueryClient();
  const choices = (operator.merchants ?? []).filter((m) => m !== operator.merchantCode);
  const form = useZodForm(switchForm, {
    defaultValues: { password: '', code: '', merchantCode: choices[0] ?? '' },
  });
  const merchantError = form.formState.errors.merchantCode?.message;

  const submit = form.handleSubmit(async (values) => {
    const oldToken = getToken();
    try {
      const value = await logIn({ username: operator.username, ...values });
      // The old session ends on the server; the new one takes over this tab.
      if (oldToken) {
        await post('/ops/session/logout').catch(() => undefined);
      }
      queryClient.clear();
      signedIn(value);
      form.reset({ password: '', code: '', merchantCode: '' });
      onOpenChange(false);
    } catch (error) {
      applyServerError(form, error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('switchMerchant.title')}
      description={t('switchMerchant.description')}
    >
      <form onSubmit={submit} noValidate>
        <Field label={t('login.merchant')} error={merchantError}>
          {({ id, describedBy, invalid }) =>
            choices.length > 0 ? (
              <select
                id={id}
                className="input"
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                {...form.register('merchantCode')}
              >
                {choices.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                className="input"
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                {...form.register('merchantCode')}
              />
            )
          }
        </Field>
        <TextField
          form={form}
          name="password"
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
        />
        <TextField
          form={form}
          name="code"
          label={t('login.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
            {t('switchMerchant.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
