// Build configuration of the web page: Preact through Vite's oxc transformer, output next to the server build.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The running hearth the dev server forwards API calls to (`hearth serve` listens here by default). */
const HEARTH = 'http://127.0.0.1:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset addresses: the page works at / and under any path prefix, such as Home Assistant's ingress
  // (/api/hassio_ingress/<token>/).
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // Every asset stays a file of its own: the server's Content-Security-Policy allows 'self', not inline data.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { '/admin': HEARTH, '/ui': HEARTH, '/healthz': HEARTH },
  },
});
