import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// tsconfig.web.json and tsconfig.server.json give the browser and the server different globals.
// Planted files are type-checked with each configuration, in a folder inside the project so that
// `types` and packages resolve as they do for the real code.
const root = path.resolve(import.meta.dirname, '..', '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const run = promisify(execFile);

let folder: string;

beforeAll(async () => {
  await mkdir(path.join(root, '.tmp'), { recursive: true });
  folder = await mkdtemp(path.join(root, '.tmp', 'type-environments-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Type-checks `code` alone under `config` and returns the lines (1-based) that have errors. */
async function errorLines(config: string, code: string): Promise<number[]> {
  const name = path.basename(config, '.json');
  await writeFile(path.join(folder, `${name}.ts`), code);
  const extending = { extends: path.relative(folder, path.join(root, config)), files: [`${name}.ts`], include: [] };
  await writeFile(path.join(folder, `${name}.json`), JSON.stringify(extending));
  const output = await run(process.execPath, [tsc, '-p', path.join(folder, `${name}.json`)]).then(
    () => '',
    (failed: { stdout: string }) => failed.stdout,
  );
  return [...output.matchAll(/\.ts\((\d+),\d+\): error/g)].map((match) => Number(match[1]));
}

/** The files a configuration's real program reads, relative to the root. */
async function programFiles(config: string): Promise<string[]> {
  const { stdout } = await run(process.execPath, [tsc, '-p', path.join(root, config), '--listFilesOnly']);
  return stdout.split('\n').map((file) => path.relative(root, file.trim()).split(path.sep).join('/'));
}

describe('the web and the server are type-checked with different globals', () => {
  it('src/web has the DOM and Vite but not process or Buffer', async () => {
    const code = [
      'export const title = document.title;',
      'export const mode = import.meta.env.MODE;',
      "export const setting = process.env['X'];",
      "export const bytes = Buffer.from('x');",
    ].join('\n');
    expect(await errorLines('tsconfig.web.json', code)).toEqual([3, 4]);
  });

  it('the server has Node but not document or window', async () => {
    const code = [
      "export const setting = process.env['X'];",
      'export const title = document.title;',
      'export const width = window.innerWidth;',
    ].join('\n');
    expect(await errorLines('tsconfig.server.json', code)).toEqual([2, 3]);
  });

  // A package whose types reference Node's (as @types/qrcode does) would bring them into the web.
  it("the web's real program reads no Node types, and the server's no DOM", async () => {
    const [web, server] = await Promise.all([programFiles('tsconfig.web.json'), programFiles('tsconfig.server.json')]);
    expect(web.filter((file) => file.startsWith('node_modules/@types/node/'))).toEqual([]);
    expect(server.filter((file) => /lib\.dom(\.[a-z]+)?\.d\.ts$/.test(file))).toEqual([]);
    expect(web).toContain('src/web/main.tsx');
    expect(server).toContain('src/main.ts');
  });
});
