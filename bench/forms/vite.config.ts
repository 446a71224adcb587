import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The benchmark's three pages, built like the app (production, from the repository root
// so the registry's and i18n's `import.meta.glob` patterns resolve as in the app).
const ROOT = resolve(import.meta.dirname, '..', '..');

/** The Vite config of `npm run bench:forms`; `BENCH_FORMS_OUT` picks the output folder. */
export default defineConfig({
  root: ROOT,
  plugins: [react()],
  mode: 'production',
  logLevel: 'warn',
  build: {
    outDir: process.env.BENCH_FORMS_OUT ?? resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
    manifest: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      input: {
        tessera: resolve(import.meta.dirname, 'tessera.html'),
        plain: resolve(import.meta.dirname, 'plain.html'),
        rjsf: resolve(import.meta.dirname, 'rjsf.html'),
      },
    },
  },
});
