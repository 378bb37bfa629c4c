import { defineMessages } from '../../i18n/i18n.js';

/** Texts of a searchable, paged table (back office and warehouse). */
export const pagedTableMessages = defineMessages({
  'zh-CN': {
    'list.loadMore': '加载更多',
    'list.loading': '加载中…',
    'list.empty': '没有找到记录',
    'list.end': '已全部加载',
  },
  'en-US': {
    'list.loadMore': 'Load more',
    'list.loading': 'Loading…',
    'list.empty': 'Nothing found',
    'list.end': 'All loaded',
  },
  'de-DE': {
    'list.loadMore': 'Mehr laden',
    'list.loading': 'Wird geladen…',
    'list.empty': 'Nichts gefunden',
    'list.end': 'Alles geladen',
  },
});
