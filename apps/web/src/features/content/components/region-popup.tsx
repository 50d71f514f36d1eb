import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode, type LanguageCode, type SystemStatusValue } from '@taya/contracts';
import { Modal } from '../../../components/modal';
import { languageName, toBcp47, useCurrentLanguage } from '../../../lib/i18n';
import { changeRegion } from '../../../lib/region';
import { getMerchantCode } from '../../../lib/session';

export { openRegionPopup, useRegionPopup } from '../lib/region-popup';

function languagesOf(langList: readonly string[]): LanguageCode[] {
  return langList.filter(isLanguageCode);
}

/**
 * Region select (SPEC §2, §4): every region of the status with its languages. Choosing another
 * region remembers its merchant, sets the language (the chosen one, else the region's first),
 * drops the session and starts again from home; the same region only changes the language.
 */
export function RegionPopup({
  status,
  onClose,
}: {
  status: SystemStatusValue;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const languageId = useId();
  const current = useCurrentLanguage();
  const active = getMerchantCode() ?? status.merchant.merchantCode;
  const regions = status.regions.filter((r) => languagesOf(r.langList).length > 0);
  const [merchant, setMerchant] = useState(
    regions.some((r) => r.merchantCode === active) ? active : (regions[0]?.merchantCode ?? ''),
  );
  const region = regions.find((r) => r.merchantCode === merchant);
  const languages = region ? languagesOf(region.langList) : [];
  const [language, setLanguage] = useState<LanguageCode | null>(
    languages.includes(current) ? current : null,
  );
  const chosenLanguage = language && languages.includes(language) ? language : languages[0];
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!region || !chosenLanguage) return;
    setBusy(true);
    await changeRegion(region.merchantCode, chosenLanguage, status.merchant.merchantCode);
    setBusy(false);
    onClose();
  };

  return (
    <Modal title={t('region.title')} onClose={onClose} testId="region-popup">
      <form className="region-form" onSubmit={(event) => void submit(event)}>
        <fieldset className="region-choices">
          <legend>{t('region.country')}</legend>
          {regions.map((r) => (
            <label key={r.merchantCode} className="region-choice">
              <input
                type="radio"
                name="region"
                value={r.merchantCode}
                checked={r.merchantCode === merchant}
                onChange={() => {
                  setMerchant(r.merchantCode);
                  setLanguage(null);
                }}
              />
              <span className="region-choice-name">{r.countryName}</span>
              <span className="region-choice-languages">
                {languagesOf(r.langList).map(languageName).join(' · ')}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="region-language">
          <label htmlFor={languageId}>{t('region.language')}</label>
          <select
            id={languageId}
            value={chosenLanguage ?? ''}
            onChange={(event) => {
              const code = event.target.value;
              if (isLanguageCode(code)) setLanguage(code);
            }}
          >
            {languages.map((code) => (
              <option key={code} value={code} lang={toBcp47(code)}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </div>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('region.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy || !region}>
            {t('region.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
