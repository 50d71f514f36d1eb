import type { QueryClient } from '@tanstack/react-query';
import { SystemStatusGate } from '../features/system/components/system-status-gate';
import { useSessionEvents } from '../lib/session-events';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** Providers, then the status gate (maintenance / blocked), then the routes. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <SessionEvents />
      <SystemStatusGate>
        <AppRouter />
      </SystemStatusGate>
    </AppProvider>
  );
}

/** Logs the page out the moment the server ends its session (lib/session-events.ts). */
function SessionEvents() {
  useSessionEvents();
  return null;
}
