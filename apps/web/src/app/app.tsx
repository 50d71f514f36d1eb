import type { QueryClient } from '@tanstack/react-query';
import { SystemStatusGate } from '../features/system/components/system-status-gate';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** Providers, then the status gate (maintenance / blocked), then the routes. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <SystemStatusGate>
        <AppRouter />
      </SystemStatusGate>
    </AppProvider>
  );
}
