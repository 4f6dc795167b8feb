import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** `npm run dev`'s server (scripts/dev.mjs), on PORT as the server itself. */
const api = `http://localhost:${process.env.PORT || 3000}`;

/**
 * The installable app (docs/field-work.md, "Installable app"): the manifest, and a service worker
 * (Workbox) that precaches the application's files (scripts, styles, icons, the offline page) and
 * index.html. Pages always come from the network (a new deployment's index.html is never held
 * back) with the offline page when there is none; an outlet's page (`/outlets/{id}`) falls back to
 * the precached index.html instead, so that the app opens it from what the device kept
 * (docs/outlets.md, "Opening an outlet without a connection"). /api is never cached. The app
 * registers the worker itself (src/lib/pwa/service-worker.ts) and asks before a new version takes over.
 */
const pwa = VitePWA({
  injectRegister: false,
  registerType: 'prompt',
  includeAssets: ['offline.html', 'icons/icon.svg'],
  manifest: {
    id: '/',
    name: 'Aquasmart Portal',
    short_name: 'Aquasmart',
    description: 'Legionellapreventie: nodes, metingen, kalibratie en logboek',
    lang: 'nl',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0b6e99',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // index.html too: the app's shell for an outlet's page without a connection (below); it names this build's files, all precached with it.
    globPatterns: ['**/*.{js,css,svg,png,webmanifest}', 'index.html'],
    // The ZXing .wasm (1 MB) is fetched when the scanner first opens, then kept (runtime cache).
    globIgnores: ['**/*.wasm'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // An outlet's page (a scanned label): the network as every page, and without it the app's
        // shell, which opens the outlet from the answers kept on the device. Before the rule below.
        urlPattern: ({ request, url }) => request.mode === 'navigate' && /^\/outlets\/\d+\/?$/.test(url.pathname),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: '/index.html' } },
      },
      {
        // Pages: always the network, so a deployment is seen at once; the offline page without it.
        urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: '/offline.html' } },
      },
      {
        urlPattern: ({ url }) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.wasm'),
        handler: 'CacheFirst',
        options: { cacheName: 'scanner-wasm', expiration: { maxEntries: 2 } },
      },
    ],
  },
});

export default defineConfig({
  plugins: [react(), pwa],
  server: { port: 5173, proxy: { '/api': api, '/healthz': api, '/readyz': api } },
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
