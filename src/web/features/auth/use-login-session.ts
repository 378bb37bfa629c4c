import { useCallback, useState } from 'react';
import type { LoginAnswer, Session } from '../../../domain/contract/session.js';
import { useSession } from '../../lib/session.js';
import { findSecondFactors } from './api/second-factor.js';

/** Where a new session goes first: in production a staff member without a second factor can only enrol one. */
const SECURITY_PAGE = '/account/security';
async function mustEnrol(session: Session): Promise<boolean> {
  if (session.user.group === 0) return false;
  // The session stands either way: without an answer, the user goes on as asked, and the server still refuses what needs a factor.
  const factors = await findSecondFactors(session.access_token).catch(() => null);
  return factors !== null && factors.required && !factors.totp && factors.passkeys === 0;
}

/**
 * From a login answer (password or WeChat) to a session: either at once, or after the second
 * factor a staff account is asked for (`mfaToken` set until then). `landing` is where a session
 * that must enrol a factor goes instead of the page asked for.
 */
export function useLoginSession() {
  const { signIn } = useSession();
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [landing, setLanding] = useState<string | null>(null);
  const startSession = useCallback(
    async (session: Session) => {
      if (await mustEnrol(session)) setLanding(SECURITY_PAGE);
      signIn(session.access_token, session.user);
    },
    [signIn],
  );
  const afterFirstFactor = useCallback(
    async (answer: LoginAnswer) => ('mfa_required' in answer ? setMfaToken(answer.mfa_token) : startSession(answer)),
    [startSession],
  );
  return { mfaToken, setMfaToken, landing, startSession, afterFirstFactor };
}
