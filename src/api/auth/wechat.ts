/** Who WeChat says a login code belongs to. */
export interface WeChatIdentity {
  readonly openid: string;
  readonly unionid: string | null;
  readonly nickname: string;
  /** Signed in inside WeChat (the official account's app): the openid its template messages go to. */
  readonly officialAccount: boolean;
}

/** The OAuth code exchange with WeChat; `appId` tells inside-the-app from QR login outside it. */
export interface WeChatClient {
  /** Null when WeChat refuses the code (expired, used, or for another app). */
  exchangeCode(appId: string, code: string): Promise<WeChatIdentity | null>;
}
