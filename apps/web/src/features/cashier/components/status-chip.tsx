import { useTranslation } from 'react-i18next';

export type ChipTone = 'pending' | 'good' | 'bad' | 'neutral';

const deposit = { pending: 'pending', credited: 'good', rejected: 'bad' } as const;
const withdrawal = { pending: 'pending', approved: 'good', rejected: 'bad' } as const;
const confirmation = {
  awaiting: 'pending',
  received: 'good',
  auto_received: 'good',
  partial: 'bad',
  not_received: 'bad',
} as const;

/** A disputed withdrawal (partly or not received): under review until an operator settles it. */
const resolution = { review: 'pending', paid: 'good', returned: 'neutral' } as const;

function Chip({ tone, text }: { tone: ChipTone; text: string }) {
  return <span className={`status-chip is-${tone}`}>{text}</span>;
}

export function DepositStatusChip({ status }: { status: keyof typeof deposit }) {
  const { t } = useTranslation();
  return <Chip tone={deposit[status]} text={t(`cashier.deposit_status.${status}`)} />;
}

export function WithdrawalStatusChip({ status }: { status: keyof typeof withdrawal }) {
  const { t } = useTranslation();
  return <Chip tone={withdrawal[status]} text={t(`cashier.withdrawal_status.${status}`)} />;
}

export function ConfirmationChip({ state }: { state: keyof typeof confirmation }) {
  const { t } = useTranslation();
  return <Chip tone={confirmation[state]} text={t(`cashier.confirmation.${state}`)} />;
}

export function ResolutionChip({ resolution: state }: { resolution: 'paid' | 'returned' | null }) {
  const { t } = useTranslation();
  const key = state ?? 'review';
  return <Chip tone={resolution[key]} text={t(`cashier.resolution.${key}`)} />;
}

const transfer = { completed: 'good', pending: 'pending', failed: 'bad' } as const;

export function TransferStatusChip({ status }: { status: keyof typeof transfer }) {
  const { t } = useTranslation();
  return <Chip tone={transfer[status]} text={t(`cashier.transfer_status.${status}`)} />;
}

export function MaintenanceChip() {
  const { t } = useTranslation();
  return <Chip tone="neutral" text={t('cashier.maintenance')} />;
}
