import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session.js';

/** Login-required routes send visitors to /login and remember where they were going. */
export function RequireLogin() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <Outlet />;
}
