import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

// Three targets, one config: main (Node, Electron), preload (sandboxed), renderer (React).
export default defineConfig({
  main: {
    build: {
      // electron-store is ESM-only and the main bundle is CommonJS: bundle it instead of require()-ing it.
      externalizeDeps: { exclude: ['electron-store'] },
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only 'electron': bundle everything else (zod) into it.
      externalizeDeps: false,
      outDir: 'out/preload',
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') } },
    },
  },
  renderer: {
    root: 'src/renderer',
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') } },
    },
  },
});
