// The web bundles qrcode's browser build (its package.json "browser" field). @types/qrcode describes
// the Node build and begins with `/// <reference types="node" />`, which would bring Node's globals
// (process, Buffer) into the web's type check, so tsconfig.web.json maps 'qrcode' to this
// declaration of the part of the browser API the web uses.

export type QRCodeErrorCorrectionLevel = 'low' | 'medium' | 'quartile' | 'high' | 'L' | 'M' | 'Q' | 'H';

export interface QRCodeToStringOptions {
  readonly type?: 'svg' | 'utf8';
  readonly errorCorrectionLevel?: QRCodeErrorCorrectionLevel;
  /** Width of the quiet zone, in modules. */
  readonly margin?: number;
  readonly width?: number;
  readonly color?: { readonly dark?: string; readonly light?: string };
}

/** The QR code of `text` as SVG markup (type 'svg') or as text. */
export function toString(text: string, options?: QRCodeToStringOptions): Promise<string>;

declare const QRCode: { readonly toString: typeof toString };
export default QRCode;
