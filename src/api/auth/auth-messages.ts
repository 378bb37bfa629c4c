/** What the account routes answer; clients and the web's forms show these texts as they are. */
export const AUTH_MESSAGES = {
  resetLinkSent: '已发送密码重置链接！',
  passwordReset: '您的密码已重置！',
  confirmationMismatch: '两次输入的密码不一致',
  emailTaken: '该邮箱已注册',
  // One message for an unknown email, a wrong password and a WeChat-only account: none is revealed.
  wrongCredentials: '邮箱或密码错误',
  resetLinkInvalid: '密码重置链接无效或已过期，请重新申请',
  wechatFailed: '微信登录失败，请重试',
  wechatUnavailable: '微信服务暂时不可用，请稍后重试',
  tooManyRequests: '请求过于频繁，请稍后再试',
} as const;
