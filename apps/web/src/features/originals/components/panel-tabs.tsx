import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/tabs';

/**
 * The information panels below a shared-round game (rounds, how to play, fairness, …): one tab a
 * key in the labels' order, each tab's test id `${testIdPrefix}-${key}`.
 */
export function PanelTabs<K extends string>({
  labels,
  testIdPrefix,
  selected,
  onSelect,
  children,
}: {
  labels: Record<K, string>;
  testIdPrefix: string;
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const items = (Object.keys(labels) as K[]).map((key) => ({
    key,
    label: labels[key],
    testId: `${testIdPrefix}-${key}`,
  }));
  return (
    <Tabs label={t('originals.panels')} items={items} selected={selected} onSelect={onSelect}>
      {children}
    </Tabs>
  );
}
