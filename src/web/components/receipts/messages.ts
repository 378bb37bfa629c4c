import { defineMessages } from '../../i18n/i18n.js';

/** The receipt download button's text (DESIGN.md section 11). */
export const receiptButtonMessages = defineMessages({
  'zh-CN': { 'download.label': '下载收据' },
  'en-US': { 'download.label': 'Download receipt' },
  'de-DE': { 'download.label': 'Quittung herunterladen' },
});
