import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { STYLE_NONCE_PLACEHOLDER } from './src/api/http/style-nonce-placeholder.js';

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
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: process.env['SOURCEMAP'] === 'true', reportCompressedSize: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000' } },
});
