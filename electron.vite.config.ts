import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          // The sync's fetch worker (worker_threads): its own entry, found beside the bundle at run time
          // (electron/engine/sync/pageSource.ts).
          syncFetchWorker: resolve(__dirname, 'electron/engine/sync/fetchWorker.ts'),
          // The store's backup and checkpoint workers, found the same way (electron/engine/store/backup.ts).
          storeBackupWorker: resolve(__dirname, 'electron/engine/store/workers/backupWorker.ts'),
          storeCheckpointWorker: resolve(__dirname, 'electron/engine/store/workers/checkpointWorker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require() only 'electron' and a few Node built-ins: bundle everything.
      externalizeDeps: false,
      // A sandboxed preload cannot load ES modules: it must be one CommonJS file.
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // Loaded from disk, not a network: see renderer/vite.config.ts.
      chunkSizeWarningLimit: 1500,
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } },
    },
  },
});
