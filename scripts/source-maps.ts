import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A comment pointing a browser at a source map, in a script (`//#`) or a stylesheet (`/*#`). */
const MAP_COMMENT = /[/*][#@]\s*sourceMappingURL=/;
const TEXT_FILE = /\.(?:js|mjs|css|html)$/;

/**
 * The files of a web build that would publish its sources: source maps, and scripts or stylesheets
 * that point at one. Paths relative to `dir`; empty when the build publishes none.
 */
export function sourceMapsIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => file.endsWith('.map') || (TEXT_FILE.test(file) && MAP_COMMENT.test(readFileSync(file, 'utf8'))))
    .map((file) => path.relative(dir, file))
    .sort();
}
