import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

// The API server (apps/server) listens here in development; the dev server forwards its paths.
const apiTarget = 'http://127.0.0.1:8080';
const apiPrefixes = ['/wps', '/lgw', '/lotto', '/ops', '/dev', '/sandbox', '/taya-games', '/play'];

/** Libraries only some pages use, each in a chunk of its own (with the packages only it pulls in). */
const heavyLibraries = [
  {
    name: 'charts',
    packages: [
      'recharts',
      'victory-vendor',
      'd3-[a-z-]+',
      'internmap',
      '@reduxjs',
      'redux',
      'react-redux',
      'reselect',
      'immer',
      'decimal\\.js-light',
      'es-toolkit',
      'eventemitter3',
      'tiny-invariant',
    ],
  },
  { name: 'carousel', packages: ['swiper'] },
  { name: 'sanitiser', packages: ['dompurify'] },
  { name: 'qrcode', packages: ['qrcode\\.react'] },
];

export default defineConfig({
  // Pinned so `vite build --config apps/web/vite.config.ts` from the repo root behaves the same.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      ...Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget }])),
      '/ws': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // Lists each chunk and its static imports; the first-load budget test reads it.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change far less often than our code: a separate chunk stays
          // cached across our deploys. Heavy libraries get chunks of their own, which only the
          // pages that use them load; everything else is split where Rolldown sees fit.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|use-sync-external-store)[\\/]/,
            },
            ...heavyLibraries.map(({ name, packages }) => ({
              name,
              test: new RegExp(`node_modules[\\\\/](${packages.join('|')})[\\\\/]`),
            })),
          ],
        },
      },
    },
  },
});
