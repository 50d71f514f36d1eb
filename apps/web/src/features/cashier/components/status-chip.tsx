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
