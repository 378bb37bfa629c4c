/**
 * After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file
 * of dist/web, so the server sends them precompressed (at the best levels, once, instead of per
 * request). index.html is left out: it is sent with a fresh nonce on every answer and compressed
 * then. An optional argument names another build folder.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = path.resolve(process.argv[2] ?? 'dist/web');
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest|map)$/;
/** Below this a compressed copy is not worth its own file. */
const MIN_BYTES = 1024;

function filesIn(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesIn(file) : [file];
  });
}

let raw = 0;
let brotli = 0;
let count = 0;
for (const file of filesIn(DIST).filter((name) => COMPRESSIBLE.test(name))) {
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  raw += bytes.length;
  brotli += br.length;
  count += 1;
}
console.info(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB with Brotli`);
