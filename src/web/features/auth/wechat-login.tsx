import { useT } from '../../i18n/i18n.js';
import { inWeChat } from '../../lib/environment.js';
import type { WeChatApps } from './api/find-wechat-config.js';
import { authMessages } from './messages.js';
import { authorizeUrl, currentAppId, newOAuthState, qrConnectUrl } from './wechat.js';
import * as styles from './auth.css.js';

function WeChatIcon() {
  return (
    <span className={styles.wechatLogo} aria-hidden="true">
      <svg viewBox="0 0 32 32" width="34" height="34" fill="currentColor">
        <path d="M12.5 5C7.3 5 3 8.6 3 13c0 2.5 1.4 4.8 3.6 6.3L5.8 22l3.2-1.7c1.1.3 2.3.5 3.5.5h.6a7.6 7.6 0 0 1-.3-2.1c0-4.4 4.2-8 9.4-8h.7C22 7.3 17.7 5 12.5 5Zm-3.2 4.6a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6Zm6.4 0a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6Z" />
        <path d="M29 18.7c0-3.6-3.6-6.6-8-6.6s-8 3-8 6.6 3.6 6.6 8 6.6c.9 0 1.8-.1 2.6-.4l2.6 1.4-.7-2.3c2.1-1.2 3.5-3.1 3.5-5.3Zm-10.6-1a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2Zm5.3 0a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2Z" />
      </svg>
    </span>
  );
}

/** WeChat login: the authorise button inside WeChat, the QR frame elsewhere (SPEC.md "Login"). */
export function WeChatLogin({ busy, apps, redirectUri }: { busy: boolean; apps: WeChatApps | undefined; redirectUri: string }) {
  const t = useT(authMessages);
  if (busy || !apps) {
    return (
      <div className={styles.wechatBox} role="status" aria-busy="true">
        <WeChatIcon />
        {busy ? t('login.wechatSigningIn') : t('login.wechatLoading')}
      </div>
    );
  }
  const appId = currentAppId(apps);
  if (inWeChat()) {
    return appId ? (
      <div className={styles.wechatBox}>
        <WeChatIcon />
        <span>{t('login.wechatInAppHint')}</span>
        <button
          type="button"
          className={styles.wechatButton}
          onClick={() => window.location.assign(authorizeUrl(appId, redirectUri, newOAuthState()))}
        >
          {t('login.wechatAuthorize')}
        </button>
      </div>
    ) : (
      <div className={styles.wechatBox} data-compact="">
        <WeChatIcon />
        {t('login.wechatNotConfigured')}
      </div>
    );
  }
  if (!appId) {
    return (
      <div className={styles.wechatBox} data-compact="" data-testid="wechat-not-configured">
        <WeChatIcon />
        {t('login.wechatNotConfigured')}
      </div>
    );
  }
  return (
    <>
      <p className={styles.columnHint}>{t('login.wechatScanHint')}</p>
      <iframe
        className={styles.qrFrame}
        title={t('login.wechatFrameTitle')}
        src={qrConnectUrl(appId, redirectUri, newOAuthState())}
        sandbox="allow-scripts allow-top-navigation allow-same-origin"
      />
    </>
  );
}
