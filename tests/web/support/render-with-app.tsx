import { render } from '@testing-library/react';
import { RouterProvider, type createMemoryRouter } from 'react-router-dom';
import { NotifyProvider } from '../../../src/web/components/notify.js';
import { LocaleProvider } from '../../../src/web/i18n/i18n.js';
import { SessionProvider } from '../../../src/web/lib/session.js';

/** Renders a (memory) router inside the providers the app wraps every page in. */
export const renderWithApp = (router: ReturnType<typeof createMemoryRouter>) =>
  render(
    <LocaleProvider>
      <SessionProvider>
        <NotifyProvider>
          <RouterProvider router={router} />
        </NotifyProvider>
      </SessionProvider>
    </LocaleProvider>,
  );
