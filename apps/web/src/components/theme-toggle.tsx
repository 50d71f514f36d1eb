import { useTranslation } from 'react-i18next';
import { setTheme, useTheme } from '../lib/theme';
import { Icon } from './icon';

export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = t(next === 'dark' ? 'settings.switch_to_dark' : 'settings.switch_to_light');
  return (
    <button
      type="button"
      className="menu-button"
      data-testid="theme-toggle"
      aria-label={label}
      title={label}
      onClick={() => setTheme(next)}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
      <span className="menu-label" aria-hidden="true">
        {t(theme === 'dark' ? 'settings.theme_light' : 'settings.theme_dark')}
      </span>
    </button>
  );
}
