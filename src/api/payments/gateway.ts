/** What a payment provider is asked to collect for an order. */
export interface CheckoutRequest {
  readonly orderId: string;
  readonly amountCny: string;
  /** 1 card-scheme payment (pay link), 3 messenger scan payment (QR value). */
  readonly method: 1 | 3;
  readonly description: string;
}

export interface PaymentGateway {
  /** A URL of the provider's hosted checkout page (makeGoallPayLink). */
  createPayLink(request: CheckoutRequest): Promise<string>;
  /** A value to show as a QR code for the messenger app to scan (makeJiMuPayLink). */
  createScanPayment(request: CheckoutRequest): Promise<string>;
}
