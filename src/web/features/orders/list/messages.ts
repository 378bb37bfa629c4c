import { defineMessages } from '../../../i18n/i18n.js';

/** Texts of the orders list (/orders). */
export const ordersListMessages = defineMessages({
  'zh-CN': {
    'orders.title': '我的订单',
    'orders.remit': '向 {institution} 汇款 {amount}',
    'orders.view': '查看详情',
    'orders.viewNamed': '查看订单详情：{summary}',
    'orders.empty': '您还没有订单',
    'orders.emptyHint': '选择收款机构，填写金额即可开始汇款。',
    'orders.start': '去汇款',
    'orders.created': '创建于 {date}',
    'orders.number': '订单号 {id}',
  },
  'en-US': {
    'orders.title': 'My orders',
    'orders.remit': 'Remit {amount} to {institution}',
    'orders.view': 'View details',
    'orders.viewNamed': 'View order details: {summary}',
    'orders.empty': 'You have no orders yet',
    'orders.emptyHint': 'Choose an institution and enter the amount to start a payment.',
    'orders.start': 'Make a payment',
    'orders.created': 'Created {date}',
    'orders.number': 'Order {id}',
  },
  'de-DE': {
    'orders.title': 'Meine Aufträge',
    'orders.remit': '{amount} an {institution} überweisen',
    'orders.view': 'Details ansehen',
    'orders.viewNamed': 'Auftragsdetails ansehen: {summary}',
    'orders.empty': 'Sie haben noch keine Aufträge',
    'orders.emptyHint': 'Wählen Sie eine Einrichtung und geben Sie den Betrag ein, um eine Zahlung zu beginnen.',
    'orders.start': 'Zahlung starten',
    'orders.created': 'Erstellt am {date}',
    'orders.number': 'Auftrag {id}',
  },
});
