import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { restoreLanguage } from './lib/i18n';
import { applyTheme, initialTheme } from './lib/theme';
import './styles.css';

applyTheme(initialTheme());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// Render once the saved language's catalogue is in, so a Burmese reader never sees English flash.
void restoreLanguage().finally(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
