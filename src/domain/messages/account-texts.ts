import { textTable } from './text-table.js';

/** What the account calls answer (login, register, password reset, WeChat login). */
export const ACCOUNT_TEXTS = textTable({
  'zh-CN': {
    'account.resetLinkSent': '已发送密码重置链接！',
    'account.passwordReset': '您的密码已重置！',
    'account.confirmationMismatch': '两次输入的密码不一致',
    'account.emailTaken': '该邮箱已注册',
    'account.wrongCredentials': '邮箱或密码错误',
    'account.resetLinkInvalid': '密码重置链接无效或已过期，请重新申请',
    'account.wechatFailed': '微信登录失败，请重试',
    'account.wechatUnavailable': '微信服务暂时不可用，请稍后重试',
  },
  'en-US': {
    'account.resetLinkSent': 'The password reset link has been sent!',
    'account.passwordReset': 'Your password has been reset!',
    'account.confirmationMismatch': 'The two passwords do not match',
    'account.emailTaken': 'This email is already registered',
    'account.wrongCredentials': 'Wrong email or password',
    'account.resetLinkInvalid': 'The password reset link is invalid or has expired. Please request a new one.',
    'account.wechatFailed': 'WeChat login failed. Please try again.',
    'account.wechatUnavailable': 'WeChat is temporarily unavailable. Please try again later.',
  },
  'de-DE': {
    'account.resetLinkSent': 'Der Link zum Zurücksetzen wurde gesendet!',
    'account.passwordReset': 'Ihr Passwort wurde zurückgesetzt!',
    'account.confirmationMismatch': 'Die beiden Passwörter stimmen nicht überein',
    'account.emailTaken': 'Diese E-Mail-Adresse ist bereits registriert',
    'account.wrongCredentials': 'E-Mail-Adresse oder Passwort ist falsch',
    'account.resetLinkInvalid': 'Der Link zum Zurücksetzen ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
    'account.wechatFailed': 'Die Anmeldung mit WeChat ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    'account.wechatUnavailable': 'WeChat ist vorübergehend nicht erreichbar. Bitte versuchen Sie es später erneut.',
  },
});
