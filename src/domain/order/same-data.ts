/**
 * Structural equality of plain data (what an order's context is made of: strings, numbers,
 * booleans, null, arrays and plain objects). Keys whose value is undefined count as absent.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameData(item, b[index]));
  const left = definedEntries(a);
  const right = definedEntries(b);
  return left.size === right.size && [...left].every(([key, value]) => right.has(key) && sameData(value, right.get(key)));
}

const definedEntries = (value: object): Map<string, unknown> => new Map(Object.entries(value).filter(([, item]) => item !== undefined));
