import { defineMessages } from '../../i18n/i18n.js';

/** What both legal texts share: their titles (each page links to the other) and the revision date. */
export const legalMessages = defineMessages({
  'zh-CN': {
    'terms.title': '用户服务协议',
    'privacy.title': '隐私政策',
    updated: '最后更新：2026 年 11 月 26 日',
    seeAlso: '另请参阅：',
  },
  'en-US': {
    'terms.title': 'Terms of Service',
    'privacy.title': 'Privacy Policy',
    updated: 'Last updated: 26 November 2026',
    seeAlso: 'See also: ',
  },
  'de-DE': {
    'terms.title': 'Nutzungsbedingungen',
    'privacy.title': 'Datenschutzerklärung',
    updated: 'Zuletzt aktualisiert: 26. November 2026',
    seeAlso: 'Siehe auch: ',
  },
});
