import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// The console is served by the service at /console; its files are built into console/dist.
export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  plugins: [preact()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No inline <script>, no data: module: the page runs under script-src 'self'.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    // three.js (the 3D view) is one lazily loaded chunk of ~640 kB; bench/console-size.bench.ts watches the first load.
    chunkSizeWarningLimit: 800,
  },
});
