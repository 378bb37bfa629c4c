import type { OrderCommandRefused, RefusalReason } from './refusal.js';

/** zh-CN texts for refusals, shown to the payer as the server's error text. */
const ZH: Record<RefusalReason, (details: OrderCommandRefused['details']) => string> = {
  not_allowed_in_status: () => '当前订单状态不允许此操作',
  final_status: () => '订单已结束，不能再修改',
  no_order: () => '订单不存在',
  order_exists: () => '订单已存在',
  actor_not_allowed: () => '无权执行此操作',
  not_owner: () => '订单不存在',
  institution_missing: () => '请先选择汇款对象',
  amount_invalid: () => '请输入有效的金额',
  unknown_currency: (d) => `不支持的币种 ${String(d.currency ?? '')}`,
  amount_too_many_decimals: (d) => `${String(d.currency ?? '')} 金额小数位数过多`,
  amount_below_minimum: (d) => `金额必须高于 ${String(d.currency ?? '')} 3000`,
  amount_above_maximum: () => '金额超出上限',
  details_incomplete: () => '请先完整填写收款账户和付款人信息',
  no_files: () => '请先上传文件',
  unknown_file: () => '文件不属于此订单',
  invalid_file: () => '文件无效',
  invalid_payment_method: () => '请选择支付方式',
  invalid_payment_amount: () => '付款金额无效',
  payment_already_recorded: () => '该笔付款已记录',
  invalid_price: () => '汇率无效',
  invalid_partner_order: () => '合作方订单信息无效',
  invalid_status: () => '状态无效',
  deadline_not_reached: () => '尚未到付款截止时间',
  deadline_passed: () => '订单已超过付款期限',
  upload_link_inactive: () => '上传链接已失效',
  upload_link_unchanged: () => '上传链接状态未改变',
  invalid_token: () => '上传链接无效',
  unchanged: () => '内容没有变化',
  rule_failed: () => '当前订单状态不允许此操作',
};

export const refusalMessage = (error: OrderCommandRefused): string => ZH[error.reason](error.details);
