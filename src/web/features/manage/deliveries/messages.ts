import { defineMessages } from '../../../i18n/i18n.js';

/** Texts of the failed-deliveries tab: mails and WeChat messages given up, for admins to follow up by hand. */
export const deliveryMessages = defineMessages({
  'zh-CN': {
    'deliveries.tab': '通知投递失败',
    'deliveries.intro': '以下邮件或微信消息在最后一次尝试后仍未送达，请人工联系收件人。',
    'deliveries.failedAt': '失败时间',
    'deliveries.channel': '渠道',
    'deliveries.kind': '通知类型',
    'deliveries.order': '订单号',
    'deliveries.user': '用户 ID',
    'deliveries.attempts': '尝试次数',
    'deliveries.error': '原因',
    'deliveries.email': '邮件',
    'deliveries.wechat': '微信',
    'deliveries.none': '没有投递失败的通知',
  },
  'en-US': {
    'deliveries.tab': 'Failed deliveries',
    'deliveries.intro': 'These mails and WeChat messages were not delivered after their last try: contact the recipients by hand.',
    'deliveries.failedAt': 'Failed at',
    'deliveries.channel': 'Channel',
    'deliveries.kind': 'Kind',
    'deliveries.order': 'Order no.',
    'deliveries.user': 'User ID',
    'deliveries.attempts': 'Tries',
    'deliveries.error': 'Reason',
    'deliveries.email': 'Email',
    'deliveries.wechat': 'WeChat',
    'deliveries.none': 'No failed deliveries',
  },
  'de-DE': {
    'deliveries.tab': 'Fehlgeschlagene Zustellungen',
    'deliveries.intro':
      'Diese E-Mails und WeChat-Nachrichten wurden auch beim letzten Versuch nicht zugestellt: Bitte die Empfänger selbst kontaktieren.',
    'deliveries.failedAt': 'Fehlgeschlagen am',
    'deliveries.channel': 'Kanal',
    'deliveries.kind': 'Art',
    'deliveries.order': 'Auftragsnr.',
    'deliveries.user': 'Benutzer-ID',
    'deliveries.attempts': 'Versuche',
    'deliveries.error': 'Grund',
    'deliveries.email': 'E-Mail',
    'deliveries.wechat': 'WeChat',
    'deliveries.none': 'Keine fehlgeschlagenen Zustellungen',
  },
});
