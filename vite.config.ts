import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web app: source in src/web, built into dist/web, which `npm start` serves. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), vanillaExtractPlugin()],
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: true, reportCompressedSize: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000' } },
});
