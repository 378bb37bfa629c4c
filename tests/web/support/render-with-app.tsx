import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { createMemoryRouter } from 'react-router-dom';
import { AppRouter } from '../../../src/web/app/app.js';
import { AppProviders } from '../../../src/web/app/app-providers.js';
import { createQueryClient } from '../../../src/web/app/query-client.js';

/** The app's query client, with its retries at once instead of after 1 and 2 seconds. */
export const testQueryClient = () => createQueryClient({ retryDelay: 0 });

/** The providers the app wraps every page in, with a fresh cache. */
export function TestProviders({
  children,
  queryClient = testQueryClient(),
}: {
  children: ReactNode;
  queryClient?: ReturnType<typeof testQueryClient>;
}) {
  return <AppProviders queryClient={queryClient}>{children}</AppProviders>;
}

/** Renders a (memory) router as the app does: inside its providers, a 401 ending the session. */
export const renderWithApp = (router: ReturnType<typeof createMemoryRouter>, queryClient = testQueryClient()) =>
  render(
    <TestProviders queryClient={queryClient}>
      <AppRouter router={router} />
    </TestProviders>,
  );
