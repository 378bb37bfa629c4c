/**
 * The order numbers a payer's remittance text (附言) may hold. Payers type them by hand, on phones
 * and in banking apps that change what they type: full-width digits and dashes, lower case, a space
 * or no dash at all. Every way of writing a number yields the number as the product prints it
 * ("20261126-000042"); which of them is an order awaiting money is for the importer to find out.
 */
const DASHES = /[\u2010-\u2015\u2212\u30FC\uFF0D_]/g;
/** A day, a dash or a space (or nothing), then the sequence or a legacy number's eight characters. */
const WRITTEN_NUMBER = /(?<![0-9])(20\d{6})(?:[-\s]?)(\d{6,7}|[0-9A-F]{8})(?![0-9A-Z])/g;

export function orderNumbersIn(postscript: string): string[] {
  const normalized = postscript.normalize('NFKC').toUpperCase().replace(DASHES, '-');
  const found = [...normalized.matchAll(WRITTEN_NUMBER)].map((match) => `${match[1]}-${match[2]}`);
  return [...new Set(found)];
}
