import { useTranslation } from 'react-i18next';

const named = [
  'home',
  'draw',
  'away',
  'over',
  'under',
  'yes',
  'no',
  'odd',
  'even',
  'other',
] as const;
type Named = (typeof named)[number];

/** A selection as traders read it: "Home", "Over", a correct score as it is ("2-1"). */
export function useSelectionText(): (selection: string) => string {
  const { t } = useTranslation();
  return (selection) =>
    named.includes(selection as Named)
      ? t(`games.sportsbook.sel.${selection as Named}`)
      : selection;
}

export function SelectionName({ selection }: { selection: string }) {
  return <>{useSelectionText()(selection)}</>;
}
