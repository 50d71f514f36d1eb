import { render } from '@testing-library/react';
import { App } from '../app/app';
import { createQueryClient } from '../lib/query-client';

/** Renders the real app at `url`, as a browser that just opened that address would. */
export function renderApp(url: string) {
  window.history.replaceState(null, '', url);
  // No retries: a failing call should show its error screen at once, not after back-off.
  const queryClient = createQueryClient({ retry: false });
  return render(<App queryClient={queryClient} />);
}
