import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPageFor } from './app/pages';
import { restoreLanguage } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { systemStatusQueryOptions } from './lib/system-status';
import { listenForInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/service-worker';
import { applyTheme, initialTheme } from './lib/theme';
import { registerScriptFonts } from './fonts';
import './styles.css';

applyTheme(initialTheme());
registerScriptFonts();
listenForInstallPrompt();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// Nothing shows before the system status (the status gate): ask for it now, beside the catalogue,
// and start on the code of the page the app opens on.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(systemStatusQueryOptions);
preloadPageFor(window.location.pathname);

// Render once the saved language's catalogue is in, so a Burmese reader never sees English flash.
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding a phone's main thread for the whole page at once.
void restoreLanguage().finally(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
