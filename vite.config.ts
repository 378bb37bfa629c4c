import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { STYLE_NONCE_PLACEHOLDER } from './src/api/http/style-nonce-placeholder.js';

/**
 * The full zod from its TypeScript sources, a second copy of zod's core beside the built one the
 * entry's zod/mini schemas use (src/domain/contract/endpoints/session.ts, institutions.ts): a bundler
 * puts a whole module in one chunk, so with one copy the entry chunk would carry every part of zod's
 * core any page uses (the home route's 170 KB budget, scripts/check-bundle-size.ts). zod keeps its
 * config and registry on globalThis, so the copies share them.
 */
const fullZodAsSecondCopy = { find: /^zod$/, replacement: fileURLToPath(new URL('node_modules/zod/src/index.ts', import.meta.url)) };

/**
 * The web app: source in src/web, built into dist/web, which `npm start` serves. No source maps
 * (they would publish the sources) unless SOURCEMAP=true asks for them while debugging a build.
 * index.html gets a nonce placeholder, which the server replaces with each answer's CSP nonce.
 */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), vanillaExtractPlugin()],
  html: { cspNonce: STYLE_NONCE_PLACEHOLDER },
  resolve: { alias: [fullZodAsSecondCopy] },
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: process.env['SOURCEMAP'] === 'true', reportCompressedSize: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000' } },
});
