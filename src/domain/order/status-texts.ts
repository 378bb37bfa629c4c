import type { Locale } from '../locale.js';
import type { Status } from './status.js';

/** The key of a status's text: the machine's state meta names it (display.ts textKey). */
export type StatusTextKey = `order.status.${Status}`;

/**
 * The one catalogue of status texts (SPEC.md section 4), in every language: the web's screens, the
 * sandbox checkout and the API's messages all read them here.
 */
export const STATUS_TEXTS: { readonly [L in Locale]: { readonly [K in StatusTextKey]: string } } = {
  'zh-CN': {
    'order.status.0': '完善信息',
    'order.status.1': '订单已确认，等待付款',
    'order.status.2': '已选择银行，等待上传材料',
    'order.status.3': '材料已上传',
    'order.status.4': '已转账',
    'order.status.5': '银行确认收款中',
    'order.status.6': '银行汇款中',
    'order.status.7': '订单完成',
    'order.status.8': '订单已取消',
    'order.status.9': '退款中',
    'order.status.10': '退款已完成',
    'order.status.11': '超时已取消',
    'order.status.12': '等待用户补款',
    'order.status.13': '等待用户补充材料',
  },
  'en-US': {
    'order.status.0': 'Complete the information',
    'order.status.1': 'Order confirmed, awaiting payment',
    'order.status.2': 'Bank selected, awaiting documents',
    'order.status.3': 'Documents uploaded',
    'order.status.4': 'Transferred',
    'order.status.5': 'Bank confirming receipt',
    'order.status.6': 'Bank remitting',
    'order.status.7': 'Order complete',
    'order.status.8': 'Order cancelled',
    'order.status.9': 'Refunding',
    'order.status.10': 'Refund complete',
    'order.status.11': 'Timed out and cancelled',
    'order.status.12': 'Waiting for you to add the rest of the amount',
    'order.status.13': 'Waiting for you to add materials',
  },
  'de-DE': {
    'order.status.0': 'Angaben vervollständigen',
    'order.status.1': 'Auftrag bestätigt, Zahlung ausstehend',
    'order.status.2': 'Bank gewählt, Unterlagen ausstehend',
    'order.status.3': 'Unterlagen hochgeladen',
    'order.status.4': 'Überwiesen',
    'order.status.5': 'Bank bestätigt den Eingang',
    'order.status.6': 'Bank überweist',
    'order.status.7': 'Auftrag abgeschlossen',
    'order.status.8': 'Auftrag storniert',
    'order.status.9': 'Rückerstattung läuft',
    'order.status.10': 'Rückerstattung abgeschlossen',
    'order.status.11': 'Zeit abgelaufen, storniert',
    'order.status.12': 'Warten auf Nachzahlung',
    'order.status.13': 'Warten auf weitere Unterlagen',
  },
};

export const statusText = (status: Status, locale: Locale = 'zh-CN'): string => STATUS_TEXTS[locale][`order.status.${status}`];
