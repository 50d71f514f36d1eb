import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { Modal } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/error-text';
import { fromMinor, toMinor } from '../../../lib/money';
import { useProcessContract } from '../api/process-contract';
import { contractKindOrder, dividendPeriods } from '../lib/contracts';
import { bpsToRate, formatRate, rateToBps } from '../lib/rates';
import type { Contract, ContractKind, DividendPeriod } from '../lib/types';

/** The contracts allow up to 10 tiers; the screen offers 5, which is plenty to read on a phone. */
export const maxTiers = 5;
const maxMembers = 1_000_000;

interface TierDraft {
  rate: string;
  members: string;
  bet: string;
}

type TierField = keyof TierDraft;
type TierErrors = Partial<Record<`${number}.${TierField}`, string>>;

const emptyTier: TierDraft = { rate: '', members: '0', bet: '0' };

/**
 * Offer a contract to a direct sub-agent (SPEC §4 "new request"): its kind, for a dividend the
 * period, and 1–5 tiers. A tier's rate must be above zero and, when my own active contract of
 * that kind is known, not above its highest rate (the server says the same, but a person should
 * not have to send to find out).
 */
export function ContractOfferDialog({
  subordinate,
  mine,
  granted,
  onClose,
  onDone,
}: {
  subordinate: { id: string; username: string };
  /** Contracts paying me: my own active one of a kind caps what I may offer. */
  mine: readonly Contract[];
  /** What I granted this subordinate already. */
  granted: readonly Contract[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const process = useProcessContract();
  const [kind, setKind] = useState<ContractKind>('daily');
  const [period, setPeriod] = useState<DividendPeriod>('D');
  const [tiers, setTiers] = useState<TierDraft[]>([{ ...emptyTier }]);
  const [errors, setErrors] = useState<TierErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const own = mine.find((contract) => contract.kind === kind && contract.status === 'active');
  const ownBps = own ? rateToBps(own.maxRate) : null;
  const existing = granted.find((contract) => contract.kind === kind);

  const setTier = (index: number, field: TierField, value: string) => {
    setTiers((current) =>
      current.map((tier, at) => (at === index ? { ...tier, [field]: value } : tier)),
    );
    setErrors((current) => {
      const next = { ...current };
      delete next[`${index}.${field}`];
      return next;
    });
  };

  const check = (): TierErrors => {
    const next: TierErrors = {};
    tiers.forEach((tier, index) => {
      const bps = rateToBps(tier.rate);
      if (tier.rate.trim() === '') next[`${index}.rate`] = t('agent.offer.rate_required');
      else if (bps === null) next[`${index}.rate`] = t('agent.offer.rate_invalid');
      else if (bps === 0) next[`${index}.rate`] = t('agent.offer.rate_positive');
      else if (ownBps !== null && bps > ownBps && own)
        next[`${index}.rate`] = t('agent.offer.rate_above_own', { rate: formatRate(own.maxRate) });
      const members = tier.members.trim();
      if (!/^\d{1,7}$/.test(members) || Number(members) > maxMembers)
        next[`${index}.members`] = t('agent.offer.members_invalid');
      if (toMinor(tier.bet) === null) next[`${index}.bet`] = t('agent.offer.bet_invalid');
    });
    return next;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (process.isPending) return;
    setFormError(null);
    const next = check();
    setErrors(next);
    if (Object.keys(next).length > 0) {
      setFormError(t('validation.check_fields'));
      return;
    }
    process.mutate(
      {
        kind,
        body: {
          action: 'REQUEST',
          subordinateId: subordinate.id,
          tiers: tiers.map((tier) => ({
            rate: bpsToRate(rateToBps(tier.rate) ?? 0),
            minActiveMembers: Number(tier.members.trim()),
            minPeriodBet: fromMinor(toMinor(tier.bet) ?? 0n),
          })),
          ...(kind === 'dividend' ? { period } : {}),
        },
      },
      {
        onSuccess: () =>
          onDone(
            t('agent.offer.sent', {
              kind: t(`agent.contract_kind.${kind}`),
              name: subordinate.username,
            }),
          ),
        onError: (error) => setFormError(errorText(t, error)),
      },
    );
  };

  return (
    <Modal
      title={t('agent.offer.title', { name: subordinate.username })}
      onClose={onClose}
      className="modal-wide"
    >
      <form className="agent-form" noValidate onSubmit={submit} data-testid="contract-offer-dialog">
        <div className="record-filters">
          <SelectField
            label={t('agent.offer.kind')}
            value={kind}
            data-testid="contract-offer-kind"
            onChange={(event) => {
              const next = contractKindOrder.find((item) => item === event.target.value);
              if (next) setKind(next);
              setErrors({});
            }}
          >
            {contractKindOrder.map((item) => (
              <option key={item} value={item}>
                {t(`agent.contract_kind.${item}`)}
              </option>
            ))}
          </SelectField>
          {kind === 'dividend' ? (
            <SelectField
              label={t('agent.offer.period')}
              value={period}
              onChange={(event) => {
                const next = dividendPeriods.find((item) => item === event.target.value);
                if (next) setPeriod(next);
              }}
            >
              {dividendPeriods.map((item) => (
                <option key={item} value={item}>
                  {t(`agent.contract_period.${item}`)}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
        <p className="agent-note" data-testid="contract-offer-own">
          {own
            ? t('agent.offer.own_rate', { rate: formatRate(own.maxRate) })
            : t('agent.offer.no_own')}
        </p>
        {existing ? (
          <p className="agent-note">
            {existing.status === 'pending'
              ? t('agent.offer.replaces_pending')
              : t('agent.offer.replaces_active', { rate: formatRate(existing.maxRate) })}
          </p>
        ) : null}
        <ol className="agent-tiers">
          {tiers.map((tier, index) => (
            <li key={index}>
              <fieldset className="agent-tier" data-testid="contract-offer-tier">
                <legend>{t('agent.offer.tier_n', { n: index + 1 })}</legend>
                <TextField
                  label={t('agent.offer.rate')}
                  name={`rate-${index}`}
                  inputMode="decimal"
                  autoComplete="off"
                  required
                  value={tier.rate}
                  onChange={(event) => setTier(index, 'rate', event.target.value)}
                  error={errors[`${index}.rate`] ?? null}
                />
                <TextField
                  label={t('agent.offer.min_members')}
                  name={`members-${index}`}
                  inputMode="numeric"
                  autoComplete="off"
                  value={tier.members}
                  onChange={(event) => setTier(index, 'members', event.target.value)}
                  error={errors[`${index}.members`] ?? null}
                />
                <TextField
                  label={t('agent.offer.min_bet')}
                  name={`bet-${index}`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={tier.bet}
                  onChange={(event) => setTier(index, 'bet', event.target.value)}
                  error={errors[`${index}.bet`] ?? null}
                />
                {tiers.length > 1 ? (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => {
                      setTiers((current) => current.filter((_, at) => at !== index));
                      setErrors({});
                    }}
                  >
                    {t('agent.offer.remove_tier', { n: index + 1 })}
                  </button>
                ) : null}
              </fieldset>
            </li>
          ))}
        </ol>
        {tiers.length < maxTiers ? (
          <button
            type="button"
            className="button button-secondary"
            data-testid="contract-offer-add-tier"
            onClick={() => setTiers((current) => [...current, { ...emptyTier }])}
          >
            {t('agent.offer.add_tier')}
          </button>
        ) : null}
        <FormAlert message={formError} />
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('account.cancel')}
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={process.isPending}
            aria-busy={process.isPending}
            data-testid="contract-offer-submit"
          >
            {t('agent.offer.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
