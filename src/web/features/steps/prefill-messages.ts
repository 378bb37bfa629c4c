import { defineMessages } from '../../i18n/i18n.js';

/** Issue 24: filling steps 2 and 3 from an earlier order, and the warning about a look-alike open order. */
export const prefillMessages = defineMessages({
  'zh-CN': {
    'prefill.label': '从以往订单填写',
    'prefill.choose': '选择以往订单…',
    'prefill.option': '{orderNo} · {institution} · {date}',
    'prefill.filled': '已按订单 {orderNo} 填写。您仍可修改，点击下一步后才会保存。',
    'lookalike.title': '您已有一笔相似的未完成订单',
    'lookalike.sameAmount': '以下订单的收款机构、币种和金额与本订单相同，请确认不是重复付款：',
    'lookalike.samePatient': '以下订单的收款机构、币种、金额和患者与本订单相同，请确认不是重复付款：',
    'lookalike.order': '订单 {orderNo} · {status}',
    'lookalike.continue': '仍然继续',
    'lookalike.open': '打开该订单',
  },
  'en-US': {
    'prefill.label': 'Fill from an earlier order',
    'prefill.choose': 'Choose an earlier order…',
    'prefill.option': '{orderNo} · {institution} · {date}',
    'prefill.filled': 'Filled from order {orderNo}. You can still edit; nothing is saved until Next.',
    'lookalike.title': 'You already have a similar open order',
    'lookalike.sameAmount': 'This order has the same institution, currency and amount as yours. Please make sure you are not paying twice:',
    'lookalike.samePatient':
      'This order has the same institution, currency, amount and patient as yours. Please make sure you are not paying twice:',
    'lookalike.order': 'Order {orderNo} · {status}',
    'lookalike.continue': 'Continue anyway',
    'lookalike.open': 'Open that order',
  },
  'de-DE': {
    'prefill.label': 'Aus einer früheren Bestellung ausfüllen',
    'prefill.choose': 'Frühere Bestellung wählen…',
    'prefill.option': '{orderNo} · {institution} · {date}',
    'prefill.filled': 'Aus Bestellung {orderNo} ausgefüllt. Sie können noch ändern; gespeichert wird erst mit „Weiter“.',
    'lookalike.title': 'Sie haben bereits eine ähnliche offene Bestellung',
    'lookalike.sameAmount':
      'Diese Bestellung hat dieselbe Einrichtung, Währung und denselben Betrag wie Ihre. Bitte prüfen Sie, dass Sie nicht doppelt zahlen:',
    'lookalike.samePatient':
      'Diese Bestellung hat dieselbe Einrichtung, Währung, denselben Betrag und Patienten wie Ihre. Bitte prüfen Sie, dass Sie nicht doppelt zahlen:',
    'lookalike.order': 'Bestellung {orderNo} · {status}',
    'lookalike.continue': 'Trotzdem fortfahren',
    'lookalike.open': 'Diese Bestellung öffnen',
  },
});
