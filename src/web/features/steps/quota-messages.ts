import { defineMessages } from '../../i18n/i18n.js';

/** The quota line of steps 1 and 4 (DESIGN.md section 11, "Quota"). */
export const quotaMessages = defineMessages({
  'zh-CN': {
    'quota.label': '年度个人购汇额度',
    'quota.orderUsd': '约合 {usd}',
    'quota.yearUsed': '{year} 年已用 {used} / {allowance}',
    'quota.remaining': '本单后剩余 {remaining}',
    'quota.counts': '计入额度的是：您本人在 {year} 年（北京时间）确认汇率、且未取消、超时或退款的订单，按今日汇率折算美元估算。',
    'quota.exceeds': '本单加上今年已用金额将超出每人每年 5 万美元的购汇额度，银行可能要求补充材料或不予办理。',
  },
  'en-US': {
    'quota.label': 'Personal yearly foreign-exchange allowance',
    'quota.orderUsd': 'About {usd}',
    'quota.yearUsed': 'Used in {year}: {used} of {allowance}',
    'quota.remaining': 'Left after this order: {remaining}',
    'quota.counts':
      "What counts: your own orders whose rate was locked in {year} (China time) and that were not cancelled, timed out or refunded, estimated in USD at today's rates.",
    'quota.exceeds':
      'With what you used this year, this order goes beyond the personal allowance of USD 50,000 a year: the bank may ask for more documents or decline it.',
  },
  'de-DE': {
    'quota.label': 'Persönliches jährliches Devisenkontingent',
    'quota.orderUsd': 'Etwa {usd}',
    'quota.yearUsed': '{year} genutzt: {used} von {allowance}',
    'quota.remaining': 'Nach diesem Auftrag verbleiben: {remaining}',
    'quota.counts':
      'Es zählen: Ihre eigenen Aufträge, deren Kurs {year} (chinesische Zeit) festgeschrieben wurde und die nicht storniert, abgelaufen oder erstattet sind, in USD geschätzt zu heutigen Kursen.',
    'quota.exceeds':
      'Mit Ihrer Nutzung in diesem Jahr übersteigt dieser Auftrag das persönliche Kontingent von 50.000 USD im Jahr: Die Bank kann weitere Unterlagen verlangen oder ihn ablehnen.',
  },
});
