import { textTable } from './text-table.js';

/** The audit trail's and the erasure's texts. */
export const AUDIT_TEXTS = textTable({
  'zh-CN': {
    'audit.pointNotFound': '该订单在此版本或时间点尚无记录',
    'audit.streamNotFound': '没有该记录的历史',
    'audit.staffNotErasable': '管理员、审计员和仓库人员的个人数据不能删除，请先将其改为付款人',
    'audit.erased': '该用户的个人数据已删除',
    'audit.subjectErased': '该订单付款人的个人数据已删除，不能再保存新的个人信息',
  },
  'en-US': {
    'audit.pointNotFound': 'The order has no record at that revision or instant',
    'audit.streamNotFound': 'There is no history of that record',
    'audit.staffNotErasable': 'Staff (admin, auditor, warehouse) cannot be erased: make them a payer first',
    'audit.erased': "The user's personal data has been erased",
    'audit.subjectErased': "The personal data of this order's payer has been erased; nothing personal can be stored for it any more",
  },
  'de-DE': {
    'audit.pointNotFound': 'Zu dieser Revision oder diesem Zeitpunkt gibt es den Auftrag noch nicht',
    'audit.streamNotFound': 'Zu diesem Datensatz gibt es keine Historie',
    'audit.staffNotErasable': 'Mitarbeitende (Admin, Prüfung, Lager) können nicht gelöscht werden: erst zum Zahler machen',
    'audit.erased': 'Die personenbezogenen Daten des Benutzers sind gelöscht',
    'audit.subjectErased':
      'Die personenbezogenen Daten des Zahlers dieses Auftrags sind gelöscht; Persönliches kann dazu nicht mehr gespeichert werden',
  },
});
