import { Decimal } from 'decimal.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canonicalJson } from '../../../eventstore/chain/index.js';
import type { JsonValue } from '../../../eventstore/port.js';
import { receiptEndpoints } from '../../domain/contract/endpoints/index.js';
import { groupMayDo, message, receiptFigures, type ReceiptCheck } from '../../domain/index.js';
import type { OrderRow } from '../../database/schema.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { failures } from '../http/responses.js';
import { requestLocale } from '../http/locale.js';
import { endpointRoute } from '../http/endpoint-route.js';
import { findVisibleOrder } from '../orders/order-view.js';
import { receiptFor } from './receipt-issue.js';
import { storedReceipt } from './receipt-queries.js';
import { renderReceiptPdf } from './receipt-pdf.js';
import { signedBy } from './receipt-signature.js';

const NOT_OURS: ReceiptCheck = { authentic: false, receipt: null, key_id: null };

/** The payer's name in full for the order's owner and the roles that read personal data; initials for an auditor. */
const payerNameFor = (reader: AuthUser, row: OrderRow): string | null =>
  row.owner_id === reader.id || groupMayDo(reader.group, 'personal.read')
    ? `${row.payer_last_name}${row.payer_first_name}`.trim() || null
    : null;

/** The figures of a signed JSON text, when it is canonical, has the receipt's shape and carries our signature. */
function checkSigned(deps: Pick<AppDeps, 'receiptSigner'>, figures: string, signature: string): ReceiptCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(figures);
  } catch {
    return NOT_OURS;
  }
  const shaped = receiptFigures.safeParse(parsed);
  if (!shaped.success || canonicalJson(parsed as JsonValue) !== figures || !signedBy(deps.receiptSigner, figures, signature))
    return NOT_OURS;
  return { authentic: true, receipt: shaped.data, key_id: deps.receiptSigner.keyId };
}

const documentedPdf = {
  schema: { response: { 200: z.any().describe('the receipt as a PDF (signed figures attached as receipt.json)'), ...failures } },
};

/**
 * Receipts (DESIGN.md section 11). The PDF is rendered on its download only, never on a payer's
 * command; the public check reads the stored receipt, or verifies a receipt's embedded JSON.
 */
export const receiptRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  endpointRoute(
    app,
    receiptEndpoints.receiptPdf,
    async (request, reply) => {
      const reader = request.user!;
      const { row } = await findVisibleOrder(deps, request.query.id, reader);
      if (!new Decimal(row.paid_cny).gt(0))
        throw new HttpError(
          'no_money_received',
          message('refusal.funds_missing', { due_cny: row.cny_amount ?? '0.00', received_cny: row.paid_cny }),
        );
      const receipt = await receiptFor(deps, row);
      const verifyUrl = `${deps.publicBaseUrl()}/receipts/${receipt.figures.receipt_no}`;
      const pdf = await renderReceiptPdf(receipt, { locale: requestLocale(request), payerName: payerNameFor(reader, row), verifyUrl });
      reply
        .header('content-disposition', `attachment; filename="receipt-${receipt.figures.receipt_no}.pdf"`)
        .header('cache-control', 'private, no-store');
      return reply.type('application/pdf').send(pdf);
    },
    documentedPdf,
  );

  endpointRoute(app, receiptEndpoints.findReceipt, async (request) => {
    const stored = await storedReceipt(deps.db, request.params.receipt_no);
    return ok(stored ? checkSigned(deps, stored.figures, stored.signature) : NOT_OURS);
  });

  endpointRoute(app, receiptEndpoints.verifyReceipt, async (request) =>
    ok(checkSigned(deps, request.body.figures, request.body.signature)),
  );
};
