/** The one call of fontkit (pdfkit's font parser) this project makes; the package ships no types. */
declare module 'fontkit' {
  /** A parsed font; pdfkit takes it wherever it takes a font file (it has a `layout` method). */
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
