// Project paths as the boundary rules compare them: relative to the root, with '/' separators.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export const relativeToRoot = (file) => path.relative(root, file).split(path.sep).join('/');

const SOURCE_EXTENSION = /\.[cm]?[jt]sx?$/;

/**
 * Whether `rel` lies inside the folder `entry`, or is the file `entry` (both relative to the root).
 * A file is compared without its extension: TypeScript's ESM imports name the emitted file
 * ('./config.js' for config.ts).
 */
export function within(rel, entry) {
  if (!SOURCE_EXTENSION.test(entry)) return rel === entry || rel.startsWith(`${entry}/`);
  return rel.replace(SOURCE_EXTENSION, '') === entry.replace(SOURCE_EXTENSION, '');
}
