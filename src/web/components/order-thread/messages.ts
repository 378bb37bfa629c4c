import { defineMessages } from '../../i18n/i18n.js';

/** Texts of an order's message thread, on the payer's order page and the admin order page. */
export const orderThreadMessages = defineMessages({
  'zh-CN': {
    'thread.title': '留言',
    'thread.bankNote': '银行的补充材料要求',
    'thread.empty': '还没有留言。有问题可以在这里给我们留言，我们会尽快回复。',
    'thread.label': '写留言',
    'thread.send': '发送留言',
    'thread.sent': '留言已发送',
    'thread.payer': '付款人',
    'thread.backOffice': '客服',
    'thread.you': '我',
    'thread.count': '{n}/{max}',
    'thread.loadFailed': '留言加载失败',
  },
  'en-US': {
    'thread.title': 'Messages',
    'thread.bankNote': 'What the bank asks for',
    'thread.empty': 'No messages yet. Write to us here with any question; we answer as soon as we can.',
    'thread.label': 'Write a message',
    'thread.send': 'Send message',
    'thread.sent': 'Message sent',
    'thread.payer': 'Payer',
    'thread.backOffice': 'Customer service',
    'thread.you': 'You',
    'thread.count': '{n}/{max}',
    'thread.loadFailed': 'The messages could not be loaded',
  },
  'de-DE': {
    'thread.title': 'Nachrichten',
    'thread.bankNote': 'Was die Bank nachgereicht haben möchte',
    'thread.empty': 'Noch keine Nachrichten. Schreiben Sie uns hier bei Fragen; wir antworten so bald wie möglich.',
    'thread.label': 'Nachricht schreiben',
    'thread.send': 'Nachricht senden',
    'thread.sent': 'Nachricht gesendet',
    'thread.payer': 'Zahler',
    'thread.backOffice': 'Kundendienst',
    'thread.you': 'Ich',
    'thread.count': '{n}/{max}',
    'thread.loadFailed': 'Die Nachrichten konnten nicht geladen werden',
  },
});
