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
    // The app loads from this computer (or the district server), once per launch, not over a slow
    // network page by page: one ~600 kB chunk costs nothing, and Vite's advice to split it (500 kB)
    // only puzzled a bookkeeper at `npm start` (issue 30 item 10). Raise this if the app outgrows it.
    chunkSizeWarningLimit: 1500,
  },
});
