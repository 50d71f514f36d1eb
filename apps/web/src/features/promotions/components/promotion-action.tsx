import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { errorText } from '../../../lib/error-text';
import { memberTabs, paths } from '../../../lib/paths';
import { useRequestId } from '../../../lib/request-id';
import { useClaimPromotion } from '../api/claim-promotion';
import { useDrawRaffle } from '../api/draw-raffle';
import type { PromotionItem } from '../lib/types';
import { ApplicationDialog } from './application-dialog';
import { ClaimResultDialog, type ClaimOutcome } from './claim-result';
import { ClaimTermsDialog } from './claim-terms';

export type PromotionActionKind = 'login' | 'deposit' | 'invite' | 'claim' | 'draw' | 'apply';

/**
 * The one thing the member can do next, by state and reason (SPEC §4): a visitor joins by
 * logging in, a member without a qualifying deposit deposits, Claim shows the terms and claims
 * once they are confirmed (a lucky draw draws), an open application promotion takes an application. Every other state only informs.
 */
export function actionOf(item: Pick<PromotionItem, 'kind' | 'state' | 'reason'>) {
  const { kind, state, reason } = item;
  if (reason === 'login_required') return 'login';
  if (reason === 'apply_open') return 'apply';
  if (reason === 'draw_available' || (state === 'Claim' && kind === 'raffle')) return 'draw';
  if (state === 'Claim') return 'claim';
  if (state === 'Join' && (reason === 'deposit_required' || reason === 'deposit_below_minimum')) {
    return 'deposit';
  }
  if (reason === 'invite_friends') return 'invite';
  return null;
}

/**
 * The promotion's primary action with its own error, and the dialog its success opens. A list
 * the claimed promotion leaves (the reward centre's) passes `onOutcome` and shows the dialog
 * itself, since this button goes with the promotion.
 */
export function PromotionAction({
  promotion,
  onOutcome,
}: {
  promotion: PromotionItem;
  onOutcome?: (outcome: ClaimOutcome) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const claim = useClaimPromotion();
  const draw = useDrawRaffle();
  const claimRequest = useRequestId();
  const [error, setError] = useState<string | null>(null);
  const [outcome, setLocalOutcome] = useState<ClaimOutcome | null>(null);
  const setOutcome = onOutcome ?? setLocalOutcome;
  const [applying, setApplying] = useState(false);
  // A claim is sent only once the member has read its terms and confirmed.
  const [confirming, setConfirming] = useState(false);
  const [applied, setApplied] = useState(false);
  const action = actionOf(promotion);
  const busy = claim.isPending || draw.isPending;
  const testId = `promotion-action-${promotion.id}`;

  const onClaim = () => {
    setError(null);
    // One id per intent: a retry after an unknown outcome asks for the same claim again.
    const requestId = claimRequest.take(`${action}:${promotion.id}`);
    const settled = (err: unknown) => {
      claimRequest.settle(err);
      if (err) setError(errorText(t, err));
    };
    const paid = (
      result: Pick<ClaimOutcome, 'amount' | 'turnoverAdded' | 'wallet'>,
      extra: Pick<ClaimOutcome, 'lost'> = {},
    ) => {
      settled(null);
      setOutcome({
        title: promotion.title,
        amount: result.amount,
        turnoverAdded: result.turnoverAdded,
        wallet: result.wallet,
        currency: promotion.currency,
        ...extra,
      });
    };
    const variables = { promotionId: promotion.id, requestId };
    if (action === 'draw') {
      draw.mutate(variables, {
        onSuccess: (result) => paid(result, { lost: !result.won }),
        onError: settled,
      });
    } else {
      claim.mutate(variables, { onSuccess: (result) => paid(result), onError: settled });
    }
  };

  const button = (label: string, onClick: () => void, pending?: boolean) => (
    <button
      type="button"
      className="button button-primary"
      data-testid={testId}
      disabled={pending}
      aria-busy={pending}
      onClick={onClick}
    >
      {label}
    </button>
  );
  const memberLink = (tab: string, label: string) => (
    <Link className="button button-primary" data-testid={testId} to={paths.member.href(tab)}>
      {label}
    </Link>
  );

  let control = null;
  switch (action) {
    case null:
      break;
    case 'login':
      control = button(
        t('promotions.action.join'),
        () => void navigate(paths.login.href(), { state: { from: location } }),
      );
      break;
    case 'deposit':
      control = memberLink(memberTabs.deposit, t('promotions.action.deposit'));
      break;
    case 'invite':
      control = memberLink(memberTabs.referral, t('promotions.action.invite'));
      break;
    case 'apply':
      control = button(t('promotions.action.apply'), () => setApplying(true));
      break;
    default:
      control = button(
        busy
          ? t('promotions.action.working')
          : action === 'draw'
            ? t('promotions.action.draw')
            : t('promotions.action.claim'),
        action === 'claim'
          ? () => {
              setError(null);
              setConfirming(true);
            }
          : onClaim,
        busy,
      );
  }

  if (control === null && outcome === null && !applied && !confirming) return null;
  return (
    <div className="promo-action">
      {control}
      <FormAlert message={error} />
      {applied ? <FormAlert tone="success" message={t('promotions.apply.sent')} /> : null}
      {outcome ? (
        <ClaimResultDialog outcome={outcome} onClose={() => setLocalOutcome(null)} />
      ) : null}
      {confirming ? (
        <ClaimTermsDialog
          promotion={promotion}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onClaim();
          }}
        />
      ) : null}
      {applying ? (
        <ApplicationDialog
          promotionId={promotion.id}
          title={promotion.title}
          onClose={() => setApplying(false)}
          onApplied={() => {
            setApplying(false);
            setApplied(true);
          }}
        />
      ) : null}
    </div>
  );
}
