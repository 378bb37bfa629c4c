import { z } from 'zod';
import { issueMessage } from '../messages/message.js';
import { optionalText, requiredText } from '../validation/fields.js';

/**
 * The warehouse's inputs (SPEC.md section 3 "Stock goods row", "Outbound goods row", "Inbound
 * create payload fields"; issue 11 for receiving and shipping). Counts are whole pieces within
 * bounds, weights decimal kilograms with at most three places, both checked here for the API and
 * the web's forms alike.
 */
export const MAX_PIECES = 1_000_000;
export const MAX_BOXES = 100_000;
/** The most pieces one goods row can hold (boxes × pieces per box). */
export const MAX_TOTAL = 100_000_000;
export const MAX_WEIGHT_KG = 100_000;
export const DEFAULT_PACKAGE = '包裹';
/**
 * The packing types an inbound record may have (issue 24): a fixed list. The stored value is the
 * Chinese text records always carried (so records made before the list read as they did); the web
 * shows each in the reader's language by its code.
 */
export const PACKING_TYPES = { parcel: DEFAULT_PACKAGE, pallet: '托盘', crate: '木箱', carton: '纸箱', other: '其他' } as const;
export type PackingCode = keyof typeof PACKING_TYPES;
export const PACKING_CODES = Object.keys(PACKING_TYPES) as PackingCode[];
const PACKING_VALUES: readonly string[] = Object.values(PACKING_TYPES);
/** The code of a stored packing text; null for free text a record got before the list. */
export const packingCodeOf = (stored: string): PackingCode | null => PACKING_CODES.find((code) => PACKING_TYPES[code] === stored) ?? null;
/** Inbound record types: 3 a parcel (包裹), 4 any other packing (pallet, crate …); the list filters by them. */
export const INBOUND_TYPES = [3, 4] as const;
export type InboundType = (typeof INBOUND_TYPES)[number];
export const inboundTypeOf = (packing: string): InboundType => (packing === DEFAULT_PACKAGE ? 3 : 4);

/** Whole numbers arrive as numbers or digit strings. */
const whole = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: issueMessage('warehouse.wholeNumber') })
      .int(issueMessage('warehouse.wholeNumber'))
      .min(min)
      .max(max),
  );

/** Kilograms: a positive decimal with at most three places, kept as its decimal text. */
export const weightField = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  z
    .string({ error: issueMessage('warehouse.weightInvalid') })
    .trim()
    .regex(/^\d{1,6}(\.\d{1,3})?$/, issueMessage('warehouse.weightInvalid'))
    .refine((value) => Number(value) > 0 && Number(value) <= MAX_WEIGHT_KG, issueMessage('warehouse.weightRange', { max: MAX_WEIGHT_KG }))
    .transform((value) => value.replace(/^0+(?=\d)/, '')),
);

/** Record ids are positive integers (numbers or digit strings). */
export const warehouseIdField = whole(1, 2_147_483_647);

export const inboundCreatePayload = z.object({
  waybill_id: requiredText(64),
  client_code: requiredText(64),
  client_code2: optionalText(64),
  client_code3: optionalText(64),
  package: optionalText(40)
    .transform((value) => value || DEFAULT_PACKAGE)
    .refine((value) => PACKING_VALUES.includes(value), issueMessage('warehouse.packageUnknown')),
  quantity: whole(1, MAX_PIECES),
  weight: weightField,
  desc: optionalText(500),
  remark: optionalText(500),
});

/** A goods row's pieces: boxes × pieces per box when there are boxes, else the count itself. */
export const goodsTotal = (boxCount: number, count: number): number => (boxCount > 0 ? boxCount * count : count);

export const receivePayload = z
  .object({
    in_id: warehouseIdField,
    code: requiredText(64),
    type: requiredText(80),
    sku: optionalText(80),
    box_count: whole(0, MAX_BOXES),
    count: whole(1, MAX_PIECES),
  })
  .refine((goods) => goodsTotal(goods.box_count, goods.count) <= MAX_TOTAL, {
    message: issueMessage('warehouse.totalTooLarge', { max: MAX_TOTAL }),
    path: ['count'],
  });
export type ReceiveGoods = z.infer<typeof receivePayload>;

export const shipPayload = z.object({
  goods_id: warehouseIdField,
  quantity: whole(1, MAX_TOTAL),
  deliver_type: requiredText(40),
  tray_quantity: whole(0, MAX_BOXES).default(0),
  weight: weightField,
  client_code: requiredText(64),
  desc: optionalText(500),
  remark: optionalText(500),
  /** When the goods left; now when not given. */
  out_time: z.iso.datetime({ offset: true, error: issueMessage('validation.invalidFormat') }).optional(),
});
export type ShipGoods = z.infer<typeof shipPayload>;

export const warehouseIdPayload = z.object({ id: warehouseIdField });

const keywordField = optionalText(64);

export const goodsListPayload = z.object({ keyword: keywordField, stock: z.union([z.literal(0), z.literal(1)]).optional() });
export const outGoodsListPayload = z.object({ keyword: keywordField });
export const inboundListPayload = z.object({
  keyword: keywordField,
  status: z.union([z.literal(0), z.literal(1)]).nullish(),
  year: whole(2000, 2100).optional(),
  month: whole(1, 12).optional(),
  type: z
    .array(z.union([z.literal(3), z.literal(4)]))
    .max(2)
    .optional(),
});
