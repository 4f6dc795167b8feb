import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** `npm run dev`'s server (scripts/dev.mjs), on PORT as the server itself. */
const api = `http://localhost:${process.env.PORT || 3000}`;

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': api, '/healthz': api } },
  // The manifest feeds scripts/bundle-report.mjs (the /login size budget).
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rollupOptions: {
      // The domain package is pure (schemas, rules, texts; architecture.md): modules of it that
      // a chunk does not use are dropped, so new schemas do not grow the login page.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]domain[\\/]/.test(id) },
    },
  },
});
