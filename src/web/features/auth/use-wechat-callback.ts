import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LoginAnswer } from '../../../domain/contract/session.js';
import { useT } from '../../i18n/i18n.js';
import type { WeChatApps } from './api/find-wechat-config.js';
import { wechatLogin } from './api/wechat-login.js';
import { errorTexts } from './errors.js';
import { authMessages } from './messages.js';
import { withoutOAuthParams } from './redirect.js';
import { consumeOAuthState, currentAppId } from './wechat.js';

/**
 * Back from WeChat with ?code=: submits it once, with the app id of the app that issued it.
 * Answers whether that login is under way (true from the first render when a code came back).
 */
export function useWeChatCallback(
  apps: WeChatApps | undefined,
  afterFirstFactor: (answer: LoginAnswer) => Promise<void>,
  setAlert: (texts: string[]) => void,
): boolean {
  const t = useT(authMessages);
  const location = useLocation();
  const navigate = useNavigate();
  const code = new URLSearchParams(location.search).get('code');
  const [wechatBusy, setWechatBusy] = useState(Boolean(code));
  const handledCode = useRef<string | null>(null);

  useEffect(() => {
    if (!code || !apps || handledCode.current === code) return;
    handledCode.current = code;
    if (window.self !== window.top) {
      // The QR page sent only its frame back here: take the whole window along.
      try {
        window.top!.location.href = window.location.href;
        return;
      } catch {
        // A foreign top window: log in inside the frame.
      }
    }
    const params = new URLSearchParams(location.search);
    const fail = (texts: string[]) => {
      setAlert(texts);
      setWechatBusy(false);
      navigate({ pathname: location.pathname, search: withoutOAuthParams(location.search) }, { replace: true });
    };
    if (!consumeOAuthState(params.get('state'))) return fail([t('login.wechatStateMismatch')]);
    const appId = currentAppId(apps);
    if (!appId) return fail([t('login.wechatNotConfigured')]);
    setWechatBusy(true);
    setAlert([]);
    wechatLogin({ code, appId })
      .then(afterFirstFactor)
      .then(
        () => setWechatBusy(false),
        (error: unknown) => fail(errorTexts(error)),
      );
  }, [afterFirstFactor, apps, code, location.pathname, location.search, navigate, setAlert, t]);

  return wechatBusy;
}
