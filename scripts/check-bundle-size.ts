/**
 * The JavaScript a first visit to the home page loads, gzipped, must stay within 170 KB: the entry
 * script of dist/web/index.html, its modulepreload links, the home route's chunk (home-page-*.js)
 * and every chunk these import statically (followed through their import/export-from statements;
 * dynamic import() is not followed), gzipped at zlib's default level. Run after `vite build`; exits 1
 * when over budget, or when the build would publish source maps (unless SOURCEMAP=true asked for
 * them, for local debugging). An optional argument names another build folder.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { sourceMapsIn } from './source-maps.js';

const DIST = path.resolve(process.argv[2] ?? 'dist/web');
const BUDGET_KB = 170;
const HOME_CHUNK = /^home-page-[\w-]+\.js$/;

const read = (file: string) => readFileSync(file, 'utf8');

/** The files (in dist) of the entry script and the modulepreload links of index.html. */
function entryFiles(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g)].map((m) => m[1]!);
  if (scripts.length === 0) throw new Error('no <script type="module" src> in dist/web/index.html');
  return [...scripts, ...preloads].map((url) => path.join(DIST, url.replace(/^\//, '')));
}

/** The home route's chunk, by name. */
function homeChunk(): string {
  const assets = path.join(DIST, 'assets');
  const found = readdirSync(assets).filter((name) => HOME_CHUNK.test(name));
  if (found.length !== 1) throw new Error(`expected one home-page-*.js in ${assets}, found ${found.length}`);
  return path.join(assets, found[0]!);
}

/** The relative specifiers of a built chunk's static imports and re-exports (top-level statements). */
function staticImports(source: string, fileName = 'chunk.js'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  return file.statements.flatMap((statement) => {
    const isStatic = ts.isImportDeclaration(statement) || (ts.isExportDeclaration(statement) && statement.moduleSpecifier);
    if (!isStatic || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) return [];
    return statement.moduleSpecifier.text.startsWith('.') || statement.moduleSpecifier.text.startsWith('/')
      ? [statement.moduleSpecifier.text]
      : [];
  });
}

/** The files and every file they import statically, each once. */
function withStaticImports(roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    if (!existsSync(file)) throw new Error(`missing built file ${path.relative(DIST, file)}`);
    seen.add(file);
    for (const specifier of staticImports(read(file), file)) {
      visit(specifier.startsWith('/') ? path.join(DIST, specifier) : path.resolve(path.dirname(file), specifier));
    }
  };
  roots.forEach(visit);
  return [...seen];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function main(): void {
  const index = path.join(DIST, 'index.html');
  if (!existsSync(index)) throw new Error(`${index} does not exist: run vite build first`);
  const files = withStaticImports([...entryFiles(read(index)), homeChunk()]);
  let total = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(file)).length;
    total += size;
    console.log(`  ${kb(size).padStart(7)} KB  ${path.relative(DIST, file)}`);
  }
  const over = total > BUDGET_KB * 1024;
  console.log(`home page JavaScript, gzipped: ${kb(total)} KB of ${BUDGET_KB} KB (${files.length} files)${over ? ' — OVER BUDGET' : ''}`);
  if (over) process.exitCode = 1;
  checkNoSourceMaps();
}

/** Source maps would hand out the sources; vite.config.ts builds them only with SOURCEMAP=true. */
function checkNoSourceMaps(): void {
  const maps = sourceMapsIn(DIST);
  if (maps.length === 0 || process.env['SOURCEMAP'] === 'true') return;
  console.error(`source maps in the build, which must not be published: ${maps.join(', ')}`);
  process.exitCode = 1;
}

try {
  main();
} catch (error) {
  console.error(`check-bundle-size: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
