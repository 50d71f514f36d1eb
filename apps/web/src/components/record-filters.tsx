import { useTranslation } from 'react-i18next';
import { isLedgerEntryType } from '@taya/contracts';
import { betGameTypes } from '../lib/game-categories';
import type { Catalogue } from '../lib/i18n';
import { SelectField } from './select-field';

/** A ledger entry type with a name in the catalogue (the server's names). */
export type TransactionType = keyof Catalogue['cashier']['tx_type'];

/**
 * A record row's type in words: the entry type's name (English lacking one fails typecheck here;
 * the catalogue test checks every language), or a generic one for a type this build does not
 * know, never the raw code.
 */
export function useTransactionTypeName(): (type: string) => string {
  const { t } = useTranslation();
  return (type) =>
    isLedgerEntryType(type) ? t(`cashier.tx_type.${type}`) : t('cashier.unknown_tx_type');
}

/** The game-type filter of a bet list: every game, or one of the types a bet can have. */
export function GameTypeFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (gameType: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('bets.game_type')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t('bets.all_games')}</option>
      {betGameTypes.map((type) => (
        <option key={type} value={type}>
          {t(`categories.${type}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** The type filter of a transaction list: every type, or one of `types`. */
export function TransactionTypeFilter({
  types,
  value,
  onChange,
}: {
  types: readonly TransactionType[];
  value: string;
  onChange: (type: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('cashier.type')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t('cashier.all_types')}</option>
      {types.map((type) => (
        <option key={type} value={type}>
          {t(`cashier.tx_type.${type}`)}
        </option>
      ))}
    </SelectField>
  );
}
