import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { languageCodes, type OpsMerchant } from '@taya/contracts';
import { Can } from '../../auth/can';
import { Dialog } from '../../components/dialog';
import { applyServerError, Field, FormError, TextField, useZodForm } from '../../components/form';
import { DomainRoutesPanel } from './domain-routes-panel';
import {
  merchantBody,
  merchantFormSchema,
  merchantFormValues,
  type MerchantFormInput,
} from './merchant-form';
import { reasonMin, updateMerchant } from './settings-api';

/** The IANA zones the browser knows, for the time zone's suggestions. */
function timeZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
}

const languageGrid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))',
  gap: 4,
} as const;

type ListName = 'domainPatterns' | 'imageCdns' | 'launchGameCdns';

/**
 * A merchant's side panel: its safe fields (`PATCH /ops/system/merchants/:code`) and its domain
 * routes. Code, currency and currency scale are shown but fixed once money exists.
 */
export function MerchantDialog({
  merchant,
  onClose,
  onSaved,
}: {
  merchant: OpsMerchant | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const zones = useMemo(() => timeZones(), []);
  const form = useZodForm(merchantFormSchema, {
    defaultValues: merchant ? merchantFormValues(merchant) : undefined,
  });
  const { reset, register, formState, watch } = form;
  useEffect(() => {
    if (merchant) reset(merchantFormValues(merchant));
  }, [merchant, reset]);
  const busy = formState.isSubmitting;
  const offered = watch('languages') ?? [];
  const error = (name: keyof MerchantFormInput) => {
    const message = formState.errors[name]?.message;
    return typeof message === 'string' ? message : undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    if (!merchant) return;
    try {
      await updateMerchant(merchant.code, merchantBody(values));
      await onSaved();
      onClose();
    } catch (failure) {
      applyServerError(form, failure);
    }
  });

  const list = (name: ListName, hint: string) => (
    <Field label={t(`system.merchants.fields.${name}`)} error={error(name)} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          className="input"
          rows={3}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register(name)}
        />
      )}
    </Field>
  );

  return (
    <Dialog
      open={merchant !== null}
      onOpenChange={(next) => !next && !busy && onClose()}
      title={t('system.merchants.editTitle', { code: merchant?.code ?? '' })}
      description={t('system.merchants.editDescription')}
      side
    >
      {merchant && (
        <>
          <dl className="details" data-testid="merchant-fixed">
            <dt>{t('system.merchants.fields.code')}</dt>
            <dd>
              <code>{merchant.code}</code>
            </dd>
            <dt>{t('system.merchants.fields.currency')}</dt>
            <dd>
              {merchant.currency} ({merchant.currencySymbol}),{' '}
              {t('system.merchants.scale', { count: merchant.currencyScale })}
            </dd>
          </dl>
          <p className="muted" data-testid="merchant-fixed-note">
            {t('system.merchants.fixedNote')}
          </p>
          <Can action="system.write">
            <form onSubmit={(event) => void submit(event)} noValidate data-testid="merchant-form">
              <TextField
                form={form}
                name="countryName"
                label={t('system.merchants.fields.countryName')}
              />
              <TextField
                form={form}
                name="timeZone"
                label={t('system.merchants.fields.timeZone')}
                hint={t('system.merchants.timeZoneHint')}
                list="merchant-time-zones"
                autoComplete="off"
              />
              <datalist id="merchant-time-zones">
                {zones.map((zone) => (
                  <option key={zone} value={zone} />
                ))}
              </datalist>
              <fieldset className="card" style={{ marginBottom: 12 }}>
                <legend>{t('system.merchants.fields.languages')}</legend>
                <div style={languageGrid}>
                  {languageCodes.map((code) => (
                    <label key={code} className="inline-label">
                      <input type="checkbox" value={code} {...register('languages')} /> {code}
                    </label>
                  ))}
                </div>
                {error('languages') && (
                  <p className="field-error" role="alert">
                    {error('languages')}
                  </p>
                )}
              </fieldset>
              <Field
                label={t('system.merchants.fields.defaultLanguage')}
                error={error('defaultLanguage')}
              >
                {({ id, describedBy, invalid }) => (
                  <select
                    id={id}
                    className="input"
                    aria-invalid={invalid || undefined}
                    aria-describedby={describedBy}
                    {...register('defaultLanguage')}
                  >
                    {languageCodes
                      .filter((code) => offered.includes(code))
                      .map((code) => (
                        <option key={code} value={code}>
                          {code}
                        </option>
                      ))}
                  </select>
                )}
              </Field>
              {list('domainPatterns', t('system.merchants.patternsHint'))}
              <TextField
                form={form}
                name="mainDomain"
                label={t('system.merchants.fields.mainDomain')}
              />
              <TextField
                form={form}
                name="gtagId"
                label={t('system.merchants.fields.gtagId')}
                hint={t('system.merchants.gtagHint')}
              />
              {list('imageCdns', t('system.merchants.cdnHint'))}
              {list('launchGameCdns', t('system.merchants.cdnHint'))}
              <TextField
                form={form}
                name="sort"
                type="number"
                min={0}
                max={9999}
                label={t('system.merchants.fields.sort')}
              />
              <TextField
                form={form}
                name="reason"
                label={t('common.reason')}
                hint={t('common.reasonMin', { count: reasonMin })}
              />
              <FormError message={formState.errors.root?.server?.message} />
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? t('common.working') : t('system.merchants.save')}
              </button>
            </form>
          </Can>
          <DomainRoutesPanel merchantCode={merchant.code} />
        </>
      )}
    </Dialog>
  );
}
