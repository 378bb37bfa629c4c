import { defineMessages } from '../../i18n/i18n.js';

/** Texts of the public upload-link page; the uploader's own are in components/documents/messages.ts. */
export const uploadMessages = defineMessages({
  'zh-CN': {
    'page.title': '上传银行审核材料',
    'page.order': '缴费对象：{name}',
    'page.amount': '金额：{amount}',
    'files.preview': '预览',
    'link.inactive': '上传链接已失效',
    'link.inactiveHint': '请联系客服获取新的上传链接。',
  },
  'en-US': {
    'page.title': 'Upload documents for bank review',
    'page.order': 'Payee: {name}',
    'page.amount': 'Amount: {amount}',
    'files.preview': 'Preview',
    'link.inactive': 'This upload link is no longer valid',
    'link.inactiveHint': 'Please contact customer service for a new upload link.',
  },
  'de-DE': {
    'page.title': 'Unterlagen für die Bankprüfung hochladen',
    'page.order': 'Zahlungsempfänger: {name}',
    'page.amount': 'Betrag: {amount}',
    'files.preview': 'Vorschau',
    'link.inactive': 'Dieser Upload-Link ist nicht mehr gültig',
    'link.inactiveHint': 'Bitte wenden Sie sich an den Kundendienst für einen neuen Link.',
  },
});
