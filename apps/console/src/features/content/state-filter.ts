import type { TFunction } from 'i18next';
import type { FilterField } from '../../components/filter-bar';

/** The live / scheduled / ended filter of windowed content. */
export const stateFilter = (t: TFunction): FilterField => ({
  name: 'status',
  label: t('content.fields.status'),
  type: 'select',
  options: (['live', 'scheduled', 'ended'] as const).map((value) => ({
    value,
    label: t(`content.states.${value}`),
  })),
});
