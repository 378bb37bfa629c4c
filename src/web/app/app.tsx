import { useEffect, useEffectEvent, useState, type ComponentProps } from 'react';
import { RouterProvider } from 'react-router-dom';
import { call, setUnauthorizedHandler } from '../lib/api-client.js';
import { readStoredSession, useSession } from '../lib/session.js';
import { AppProviders } from './app-providers.js';
import { createQueryClient } from './query-client.js';
import { createRouter } from './router.js';
import { sessionEndpoints } from '../../domain/contract/endpoints/session.js';

/** The login check at startup: a stored token the server no longer accepts ends the session. */
function LoginCheck() {
  const { token, signIn } = useSession();
  const checkStoredToken = useEffectEvent(() => {
    if (!token) return;
    call(sessionEndpoints.user).then(
      (user) => signIn(token, user),
      () => undefined,
    );
  });
  // Only at startup: a token from a later login needs no check.
  useEffect(() => {
    checkStoredToken();
  }, []);
  return null;
}

type Router = ComponentProps<typeof RouterProvider>['router'];

/** The router, where a 401 from any call ends the session and goes to /login (SPEC.md section 4, "Session"). */
export function AppRouter({ router }: { router: Router }) {
  const { signOut } = useSession();
  useEffect(() => {
    setUnauthorizedHandler((redirect) => {
      signOut();
      if (readStoredSession().token === null && !window.location.pathname.startsWith('/login')) {
        void router.navigate(`/login?redirect=${encodeURIComponent(redirect)}`);
      }
    });
  }, [router, signOut]);
  return <RouterProvider router={router} />;
}

function Routes() {
  const [router] = useState(createRouter);
  return <AppRouter router={router} />;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <LoginCheck />
      <Routes />
    </AppProviders>
  );
}
