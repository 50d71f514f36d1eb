import { useMoney } from '../hooks/use-money';

/**
 * An amount on screen with the merchant's currency symbol, in the player's language
 * ("₱ 1,234.50", "၁,၂၃၄.၅၀ K"). `code`: the amount's currency when it may not be the merchant's.
 */
export function Money({
  value,
  code,
  className,
  testId,
}: {
  value: string;
  code?: string | undefined;
  className?: string;
  testId?: string;
}) {
  const { money } = useMoney();
  return (
    <span className={className ? `money ${className}` : 'money'} data-testid={testId}>
      {money(value, code)}
    </span>
  );
}
