import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session.js';

/**
 * Login-required routes send visitors to /login and remember where they were going; someone who
 * has just logged out on such a page goes home instead.
 */
export function RequireLogin() {
  const { user, endedBy } = useSession();
  const location = useLocation();
  if (!user && endedBy === 'logout') return <Navigate to="/" replace />;
  if (!user) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <Outlet />;
}
