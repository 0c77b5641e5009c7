/** Browser mode: the same renderer, built for the web host (electron/web) to serve on 127.0.0.1. */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: resolve(import.meta.dirname),
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, '../out/web'),
    emptyOutDir: true,
  },
});
