/**
 * One area's texts in every language. zh-CN is written `as const` (its literal texts tell the
 * compiler each key's `{placeholders}`); en-US and de-DE must have exactly its keys.
 */
export interface TextTable<Z extends Readonly<Record<string, string>>> {
  readonly 'zh-CN': Z;
  readonly 'en-US': { readonly [K in keyof Z]: string };
  readonly 'de-DE': { readonly [K in keyof Z]: string };
}

/** Checks a table's shape and keeps the literal zh-CN texts in its type. */
export const textTable = <const Z extends Readonly<Record<string, string>>>(table: TextTable<Z>): TextTable<Z> => table;

/** The `{name}` placeholders of a text: `'最多 {max} 个字符'` → `'max'`. */
export type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;
