import { defineMessages } from '../../../i18n/i18n.js';

/** The header's bell (DESIGN.md section 11, "In-app"). */
export const bellMessages = defineMessages({
  'zh-CN': {
    'bell.label': '通知',
    'bell.unread': '{count} 条未读通知',
    'bell.empty': '暂无通知',
    'bell.loading': '正在加载…',
    'bell.readAll': '全部标为已读',
    'bell.failed': '通知加载失败',
    'bell.more': '加载更早的通知',
  },
  'en-US': {
    'bell.label': 'Notifications',
    'bell.unread': '{count} unread notifications',
    'bell.empty': 'No notifications yet',
    'bell.loading': 'Loading…',
    'bell.readAll': 'Mark all as read',
    'bell.failed': 'The notifications could not be loaded',
    'bell.more': 'Load older notifications',
  },
  'de-DE': {
    'bell.label': 'Benachrichtigungen',
    'bell.unread': '{count} ungelesene Benachrichtigungen',
    'bell.empty': 'Noch keine Benachrichtigungen',
    'bell.loading': 'Wird geladen…',
    'bell.readAll': 'Alle als gelesen markieren',
    'bell.failed': 'Die Benachrichtigungen konnten nicht geladen werden',
    'bell.more': 'Ältere Benachrichtigungen laden',
  },
});
