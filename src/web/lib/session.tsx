import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { SessionUser } from '../../domain/contract/session.js';

/** The signed-in user as the API returns it (SPEC.md "Auth user"). */
export type { SessionUser };

/** Why the last session ended: the user logged out, or the server stopped accepting it. */
export type SignOutReason = 'logout' | 'expired';

interface Session {
  readonly token: string | null;
  readonly user: SessionUser | null;
  /** Set once a session has ended in this tab; a login-only page goes home after a logout, to /login otherwise. */
  readonly endedBy: SignOutReason | null;
  readonly signIn: (token: string, user: SessionUser) => void;
  readonly signOut: (reason?: SignOutReason) => void;
}

const TOKEN_KEY = 'access_token';
const USER_KEY = 'user';

/** The session lives in local storage (SPEC.md section 3), so it survives reloads. */
export function readStoredSession(): { token: string | null; user: SessionUser | null } {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const user = localStorage.getItem(USER_KEY);
    return token && user ? { token, user: JSON.parse(user) as SessionUser } : { token: null, user: null };
  } catch {
    return { token: null, user: null };
  }
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(() => ({ ...readStoredSession(), endedBy: null as SignOutReason | null }));
  const signIn = useCallback((token: string, user: SessionUser) => {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    setState({ token, user, endedBy: null });
  }, []);
  const signOut = useCallback((reason: SignOutReason = 'expired') => {
    clearStoredSession();
    setState({ token: null, user: null, endedBy: reason });
  }, []);
  const value = useMemo(() => ({ ...state, signIn, signOut }), [state, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  return session;
}
