import { useTranslation } from 'react-i18next';

/** The risk level as a row of buttons (plinko: low, medium, high; keno also classic). */
export function RiskPicker<R extends 'classic' | 'low' | 'medium' | 'high'>({
  risks,
  value,
  onChange,
  disabled,
  testId,
}: {
  risks: readonly R[];
  value: R;
  onChange: (risk: R) => void;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="og-field" disabled={disabled}>
      <legend className="og-label">{t('originals.risk.label')}</legend>
      <div className="og-segment" role="group" data-testid={testId}>
        {risks.map((risk) => (
          <button
            key={risk}
            type="button"
            aria-pressed={value === risk}
            onClick={() => onChange(risk)}
            data-testid={`${testId}-${risk}`}
          >
            {t(`originals.risk.${risk}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
