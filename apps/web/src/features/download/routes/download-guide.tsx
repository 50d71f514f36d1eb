import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { promptInstall, useInstallPromptAvailable } from '../../../lib/install-prompt';
import { paths } from '../../../lib/paths';
import { InstallIllustration, type IllustrationFocus } from '../components/install-illustration';

export type DownloadPlatform = 'ios' | 'android';

type StepKey =
  | 'ios_step_safari'
  | 'ios_step_share'
  | 'ios_step_add'
  | 'ios_step_done'
  | 'android_step_chrome'
  | 'android_step_menu'
  | 'android_step_install'
  | 'android_step_done';

const steps: Record<DownloadPlatform, readonly { key: StepKey; focus: IllustrationFocus }[]> = {
  ios: [
    { key: 'ios_step_safari', focus: 'browser' },
    { key: 'ios_step_share', focus: 'share' },
    { key: 'ios_step_add', focus: 'add-home' },
    { key: 'ios_step_done', focus: 'home-icon' },
  ],
  android: [
    { key: 'android_step_chrome', focus: 'browser' },
    { key: 'android_step_menu', focus: 'menu' },
    { key: 'android_step_install', focus: 'install' },
    { key: 'android_step_done', focus: 'home-icon' },
  ],
};

/** The browser's own install dialog, offered when the browser said the site can be installed. */
function InstallButton() {
  const { t } = useTranslation();
  const available = useInstallPromptAvailable();
  const [outcome, setOutcome] = useState<'accepted' | 'dismissed' | null>(null);

  if (outcome === 'accepted') {
    return (
      <p className="download-outcome" role="status">
        {t('download.installed')}
      </p>
    );
  }
  if (!available) return null;
  return (
    <div className="download-prompt">
      <p>{t('download.prompt_ready')}</p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => {
          void promptInstall().then((accepted) => setOutcome(accepted ? 'accepted' : 'dismissed'));
        }}
      >
        <Icon name="deposit" size={18} />
        {t('download.install_now')}
      </button>
    </div>
  );
}

/**
 * The app download guide (SPEC §1: iOS and Android guides): Taya installs from the browser as a
 * home-screen app, so the guide walks through the browser's own steps, with pictures.
 */
export function DownloadGuideRoute({ platform }: { platform: DownloadPlatform }) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = t(platform === 'ios' ? 'download.ios_title' : 'download.android_title');
  useDocumentTitle(title);
  const other = platform === 'ios' ? 'android' : 'ios';

  return (
    <article className="download-guide" aria-labelledby={titleId} data-testid="download-guide">
      <header className="download-intro">
        <span className="download-badge" aria-hidden="true">
          <Icon name="phone" size={28} />
        </span>
        <div>
          <h1 id={titleId}>{title}</h1>
          <p>{t('download.intro')}</p>
        </div>
      </header>

      {platform === 'android' ? <InstallButton /> : null}

      <ol className="download-steps">
        {steps[platform].map((step, index) => (
          <li key={step.key} className="download-step">
            <InstallIllustration focus={step.focus} platform={platform} />
            <div className="download-step-text">
              <span className="download-step-number" aria-hidden="true">
                {index + 1}
              </span>
              <p>{t(`download.${step.key}`)}</p>
            </div>
          </li>
        ))}
      </ol>

      <p className="download-note">{t(`download.${platform}_note`)}</p>
      <p>
        <Link to={other === 'ios' ? paths.downloadIos.href() : paths.downloadAndroid.href()}>
          {t(other === 'ios' ? 'download.see_ios' : 'download.see_android')}
        </Link>
      </p>
    </article>
  );
}
