import { useEffect, useEffectEvent, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { NotifyProvider } from '../components/notify.js';
import { LocaleProvider } from '../i18n/i18n.js';
import { post, setUnauthorizedHandler } from '../lib/api-client.js';
import { SessionProvider, readStoredSession, useSession, type SessionUser } from '../lib/session.js';
import { createRouter } from './router.js';

/** The login check at startup: a stored token the server no longer accepts ends the session. */
function LoginCheck() {
  const { token, signIn } = useSession();
  const checkStoredToken = useEffectEvent(() => {
    if (!token) return;
    post<SessionUser>('/auth/user').then((user) => signIn(token, user), () => undefined);
  });
  // Only at startup: a token from a later login needs no check.
  useEffect(() => {
    checkStoredToken();
  }, []);
  return null;
}

function Routes() {
  const [router] = useState(createRouter);
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

export function App() {
  return (
    <LocaleProvider>
      <SessionProvider>
        <NotifyProvider>
          <LoginCheck />
          <Routes />
        </NotifyProvider>
      </SessionProvider>
    </LocaleProvider>
  );
}
